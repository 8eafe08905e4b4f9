import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Everything local listens on the loopback interface only. */
export const LOCAL_HOST = "127.0.0.1";

/** True when nothing listens on `host:port` (we could bind it ourselves). */
export function isPortFree(port: number, host = LOCAL_HOST): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once("error", () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => {
      server.close(() => resolve(true));
    });
  });
}

/** A port the OS considers free right now. */
export function findFreePort(host = LOCAL_HOST): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once("error", reject);
    server.listen({ port: 0, host, exclusive: true }, () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error("No free port found"))));
    });
  });
}

/**
 * Where the stacks' ports come from: below Linux's ephemeral range (32768-60999 here), which the kernel
 * hands to outgoing connections and to `listen(0)`. A port picked in that range stays free only by luck
 * until its server starts (the SPA's, after a build of half a minute): a clean-clone run lost a journey
 * half to "Port 40851 is already in use", another process's socket having been given it meanwhile.
 */
export const RESERVED_PORT_RANGE = { from: 20_000, to: 32_000 } as const;

/** One folder per reserved port, holding the reserving process's pid (tmpdir is shared by every process). */
const reservationsDir = () => join(tmpdir(), "vicino-port-reservations");
const reservedHere = new Set<number>();

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Claims `port` for this process, atomically against the other processes of the run (a second journey
 * half starting its stack at the same moment): a folder created with mkdir, which only one process can
 * create. A reservation whose process has died is taken over. This process's reservations are removed
 * when it exits.
 */
export function reservePort(port: number): boolean {
  const dir = join(reservationsDir(), String(port));
  const pidFile = join(dir, "pid");
  try {
    mkdirSync(dir, { recursive: false });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const owner = Number(readFileSyncOrEmpty(pidFile));
    // A folder without a pid yet is a reservation being made right now: never taken over.
    if (!owner || owner === process.pid || processAlive(owner)) return false;
    rmSync(dir, { recursive: true, force: true });
    return reservePort(port);
  }
  writeFileSync(pidFile, String(process.pid));
  if (reservedHere.size === 0) process.once("exit", releaseReservedPorts);
  reservedHere.add(port);
  return true;
}

function readFileSyncOrEmpty(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
}

/** Removes this process's reservations (at exit; tests call it themselves). */
export function releaseReservedPorts(): void {
  for (const port of reservedHere)
    rmSync(join(reservationsDir(), String(port)), { recursive: true, force: true });
  reservedHere.clear();
}

/**
 * `count` distinct ports, free now and reserved for this process (`reservePort`), from
 * `RESERVED_PORT_RANGE` starting at a random place. The caller starts its servers with
 * `strictPort`-style options and fails loudly (never silently moves) if a port was taken after all.
 */
export async function findFreePorts(count: number, host = LOCAL_HOST): Promise<number[]> {
  mkdirSync(reservationsDir(), { recursive: true });
  const { from, to } = RESERVED_PORT_RANGE;
  const size = to - from;
  const start = Math.floor(Math.random() * size);
  const ports: number[] = [];
  for (let step = 0; step < size && ports.length < count; step++) {
    const port = from + ((start + step) % size);
    if (!(await isPortFree(port, host))) continue;
    if (reservePort(port)) ports.push(port);
  }
  if (ports.length < count)
    throw new Error(`Only ${ports.length} of ${count} free ports between ${from} and ${to}`);
  return ports;
}

export interface NamedPort {
  name: string;
  port: number;
}

/** The ports among `wanted` that something else already holds. */
export async function busyPorts(wanted: readonly NamedPort[], host = LOCAL_HOST): Promise<NamedPort[]> {
  const checks = await Promise.all(
    wanted.map(async (entry) => ({ entry, free: await isPortFree(entry.port, host) })),
  );
  return checks.filter((check) => !check.free).map((check) => check.entry);
}
