import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, mkdirSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";

/**
 * A long-running child (an emulator, MailDev, Vite) in its own process group, so stopping
 * it also stops whatever it spawned (firebase-tools runs the functions in worker processes).
 * Output is split into lines and prefixed with the service name; in quiet mode only the
 * lines a developer must see are printed, the rest is kept for error reports.
 */

export interface ServiceSpec {
  name: string;
  command: string;
  args: readonly string[];
  cwd: string;
  env?: Record<string, string | undefined>;
  /** In quiet mode, which output lines are still worth printing (errors, function logs). */
  important?: (line: string) => boolean;
  /** Runs before a ready service is asked to stop (Firestore writes its export); failures are reported, not fatal. */
  beforeStop?: () => Promise<void>;
}

export interface OutputOptions {
  verbose: boolean;
  /** Where prefixed lines go; defaults to stdout. */
  print?: (line: string) => void;
  /** Every line of every service is also written to `{logDir}/{name}.log` (read when a test fails). */
  logDir?: string;
}

const KEPT_LINES = 80;
// biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI escapes are control characters by definition.
const ANSI = /\u001b\[[0-9;]*[A-Za-z]/g;

export class ServiceProcess {
  readonly name: string;
  readonly child: ChildProcess;
  private readonly beforeStop: (() => Promise<void>) | undefined;
  private readonly print: (line: string) => void;
  /** Resolves with the exit code (or the signal name) once the process has exited. */
  readonly exited: Promise<number | string>;
  private readonly recent: string[] = [];
  private exitInfo: number | string | undefined;
  private stopping = false;
  /** Set once the service answered its readiness probe; before that it has nothing to save. */
  ready = false;

  constructor(spec: ServiceSpec, output: OutputOptions) {
    this.name = spec.name;
    this.beforeStop = spec.beforeStop;
    const print = output.print ?? ((line: string) => process.stdout.write(`${line}\n`));
    this.print = print;
    this.child = spawn(spec.command, [...spec.args], {
      cwd: spec.cwd,
      env: { ...process.env, FORCE_COLOR: "0", ...spec.env },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    this.exited = new Promise((resolve) => {
      this.child.once("exit", (code, signal) => {
        this.exitInfo = code ?? signal ?? "unknown";
        resolve(this.exitInfo);
      });
      this.child.once("error", (error) => {
        this.remember(`impossibile avviare ${spec.command}: ${error.message}`);
        this.exitInfo = "spawn-error";
        resolve(this.exitInfo);
      });
    });
    let log: NodeJS.WritableStream | undefined;
    if (output.logDir) {
      mkdirSync(output.logDir, { recursive: true });
      log = createWriteStream(join(output.logDir, `${spec.name}.log`), { flags: "w" });
      this.child.once("exit", () => log?.end());
    }
    const onLine = (line: string) => {
      const clean = line.replace(ANSI, "").trimEnd();
      if (!clean.trim()) return;
      this.remember(clean);
      log?.write(`${clean}\n`);
      if (output.verbose || spec.important?.(clean)) print(`[${spec.name}] ${clean}`);
    };
    if (this.child.stdout) createInterface({ input: this.child.stdout }).on("line", onLine);
    if (this.child.stderr) createInterface({ input: this.child.stderr }).on("line", onLine);
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get hasExited(): boolean {
    return this.exitInfo !== undefined;
  }

  get isStopping(): boolean {
    return this.stopping;
  }

  /** The last lines of output, to explain a failure. */
  recentOutput(): string[] {
    return [...this.recent];
  }

  private remember(line: string): void {
    this.recent.push(line);
    if (this.recent.length > KEPT_LINES) this.recent.shift();
  }

  /** Sends `signal` to the whole process group (best effort). */
  signal(signal: NodeJS.Signals): void {
    const pid = this.child.pid;
    if (pid === undefined || this.hasExited) return;
    try {
      process.kill(-pid, signal);
    } catch {
      try {
        this.child.kill(signal);
      } catch {
        // Already gone.
      }
    }
  }

  /**
   * Runs the spec's beforeStop (Firestore's export), asks the group to stop (SIGINT lets
   * firebase-tools export the Auth accounts), then SIGKILLs it if it is still around after `graceMs`. A service that never
   * became ready has nothing to save and is killed at once (firebase-tools, busy compiling
   * the Auth emulator's schemas, would not even see the signal for many seconds).
   */
  async stop(graceMs = 10_000, signal: NodeJS.Signals = "SIGINT"): Promise<void> {
    this.stopping = true;
    if (this.hasExited || !this.ready) {
      this.killGroup();
      await Promise.race([this.exited, delay(2_000)]);
      return;
    }
    if (this.beforeStop) {
      await Promise.race([
        this.beforeStop(),
        delay(graceMs).then(() => Promise.reject(new Error("timed out"))),
      ]).catch((error: unknown) =>
        this.print(
          `[${this.name}] before stopping: ${error instanceof Error ? error.message : String(error)}`,
        ),
      );
    }
    this.signal(signal);
    const timer = new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), graceMs).unref());
    const outcome = await Promise.race([this.exited, timer]);
    if (outcome === "timeout") this.remember(`did not stop within ${graceMs} ms: SIGKILL`);
    // Leftover grandchildren (e.g. a functions worker) go too.
    this.killGroup();
    if (outcome === "timeout") await Promise.race([this.exited, delay(2_000)]);
  }

  /** Synchronous last resort, safe inside a process 'exit' handler. */
  killGroup(): void {
    const pid = this.child.pid;
    if (pid === undefined) return;
    try {
      process.kill(-pid, "SIGKILL");
    } catch {
      // No such group: everything already exited.
    }
  }
}

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Runs a command to completion (e.g. a build), failing with its output if it fails. */
export async function runToCompletion(spec: ServiceSpec, output: OutputOptions): Promise<void> {
  const service = new ServiceProcess(spec, output);
  const code = await service.exited;
  if (code !== 0) {
    throw new ServiceError(`${spec.name} exited with code ${code}`, service.recentOutput());
  }
}

export class ServiceError extends Error {
  override name = "ServiceError";
  constructor(
    message: string,
    readonly output: readonly string[] = [],
  ) {
    super(message);
  }
}
