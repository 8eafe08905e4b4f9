import { existsSync, rmSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "../seed/demo-data";
import { busyPorts } from "./ports";
import { ServiceError } from "./process";
import { savedFirestoreExport } from "./service-specs";
import { killAllServices, startStack, stopAllServices } from "./stack";
import {
  DEFAULT_PORTS,
  LOCAL_PROJECT_ID,
  PORT_LABELS,
  type RunningStack,
  type StackPorts,
} from "./stack-options";

/**
 * `npm start`: the whole product on this machine, offline. Starts Google's Firestore emulator
 * with firestore.rules (reloaded on save), the Auth
 * and Functions emulators, MailDev and Vite; seeds the demo marketplace the first time (or
 * with --fresh); prints where everything is; Ctrl-C stops it all and keeps the data.
 */

const HELP = `Usage: npm start [-- --fresh] [-- --verbose]

  --fresh     wipe the local data (.vicino/) and load the demo data again
  --verbose   show every service's output (by default only errors and the functions' logs)
`;

const SERVICE_NAMES: Record<string, string> = {
  firestore: "Firestore (Google's emulator, rules on)",
  maildev: "MailDev",
  auth: "Auth emulator",
  functions: "Functions emulator",
  web: "App (Vite)",
};

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const say = (line = "") => process.stdout.write(`${line}\n`);

function printFailure(error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`\n✖ ${message}\n`);
  if (error instanceof ServiceError && error.output.length > 0) {
    process.stderr.write("  Last lines of the service:\n");
    for (const line of error.output.slice(-25)) process.stderr.write(`    ${line}\n`);
  }
}

function printBanner(stack: RunningStack, rootDir: string, dataDir: string, elapsedMs: number): void {
  const { urls, hosts } = stack;
  const width = Math.max(...DEMO_ACCOUNTS.map((account) => account.email.length));
  say();
  say(`  Vicino is ready (started in ${seconds(elapsedMs)}).`);
  say();
  say(`  App               ${urls.app}`);
  say(`  Mail inbox        ${urls.inbox}   (MailDev: every e-mail the app sends lands here)`);
  say();
  say(`  Demo accounts (password ${DEMO_PASSWORD}):`);
  for (const account of DEMO_ACCOUNTS) {
    say(`    ${account.role.padEnd(11)} ${account.email.padEnd(width)}   ${account.name}`);
  }
  say();
  say(`  Emulators         Auth ${hosts.auth} · Firestore ${hosts.firestore} · Functions ${hosts.functions}`);
  say(
    `  Data              ${relative(rootDir, dataDir)}/ (saved on exit; npm start -- --fresh starts again from the demo data)`,
  );
  say("  Ctrl-C stops everything.");
  say();
}

export async function main(argv: readonly string[]): Promise<number> {
  let args: { fresh: boolean; verbose: boolean; help: boolean };
  try {
    const { values } = parseArgs({
      args: [...argv],
      options: {
        fresh: { type: "boolean", default: false },
        verbose: { type: "boolean", short: "v", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
    });
    args = { fresh: values.fresh ?? false, verbose: values.verbose ?? false, help: values.help ?? false };
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${HELP}`);
    return 2;
  }
  if (args.help) {
    say(HELP);
    return 0;
  }

  const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
  const dataDir = join(rootDir, ".vicino");
  const firestoreExportDir = join(dataDir, "firestore");
  const authExportDir = join(dataDir, "auth");
  const started = Date.now();

  const busy = await busyPorts(
    (Object.keys(DEFAULT_PORTS) as (keyof StackPorts)[]).map((key) => ({
      name: PORT_LABELS[key],
      port: DEFAULT_PORTS[key],
    })),
  );
  if (busy.length > 0) {
    for (const { name, port } of busy) process.stderr.write(`✖ Port ${port} (${name}) is already in use.\n`);
    const first = busy[0]!.port;
    process.stderr.write(
      `\n  Is another npm start running? Stop it with Ctrl-C. To see who holds the port:\n` +
        `    ss -ltnp 'sport = :${first}'    oppure    lsof -iTCP:${first} -sTCP:LISTEN\n`,
    );
    return 1;
  }

  // Firestore data and Auth accounts only make sense together: if either is missing, start over.
  const hasData =
    existsSync(savedFirestoreExport(firestoreExportDir)) &&
    existsSync(join(authExportDir, "firebase-export-metadata.json"));
  const seed = args.fresh || !hasData;
  let seeded = false;
  const discardData = () => {
    rmSync(firestoreExportDir, { recursive: true, force: true });
    rmSync(authExportDir, { recursive: true, force: true });
  };
  /** Data saved by a run that never finished seeding would look like a real (empty) marketplace. */
  const discardIfUnseeded = () => {
    if (seed && !seeded) discardData();
  };
  if (seed) discardData();

  say(`Vicino: starting the local stack${args.fresh ? " from scratch (--fresh)" : ""}…`);

  let stopping: Promise<void> | undefined;
  let interrupted = false;
  let requestStop = () => {};
  const stopRequested = new Promise<undefined>((resolveStop) => {
    requestStop = () => resolveStop(undefined);
  });
  const shutdown = () => {
    if (stopping) {
      say("\nForced stop.");
      killAllServices();
      process.exit(130);
    }
    interrupted = true;
    say("\nStopping (saving the data)…");
    stopping = stopAllServices();
    requestStop();
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);

  let stack: RunningStack;
  try {
    stack = await startStack({
      rootDir,
      projectId: LOCAL_PROJECT_ID,
      ports: DEFAULT_PORTS,
      dataDir,
      firestoreExportDir,
      authExportDir,
      web: { kind: "vite-dev" },
      watchFunctions: true,
      runSchedules: true,
      watchRules: true,
      verbose: args.verbose,
      onReady: (service, elapsed) =>
        say(`  ✓ ${SERVICE_NAMES[service] ?? service} ready (${seconds(elapsed)})`),
    });
  } catch (error) {
    if (interrupted) {
      await stopping;
      discardIfUnseeded();
      say("Stopped.");
      return 130;
    }
    printFailure(error);
    await stopAllServices();
    discardIfUnseeded();
    return 1;
  }

  if (seed && !interrupted) {
    say("  … carico i dati demo");
    try {
      // Loaded only when needed: firebase-admin takes a moment to import.
      const { seedDemoData } = await import("../seed/seed");
      const summary = await seedDemoData({
        projectId: LOCAL_PROJECT_ID,
        firestoreHost: stack.hosts.firestore,
        authHost: stack.hosts.auth,
      });
      seeded = true;
      say(
        `  ✓ Demo data: ${summary.requests} requests, ${summary.offers} offers, ` +
          `${summary.conversations} conversations, ${summary.messages} messages`,
      );
    } catch (error) {
      if (!interrupted) printFailure(error);
      await stopAllServices();
      discardIfUnseeded();
      return interrupted ? 130 : 1;
    }
  }

  if (!interrupted) printBanner(stack, rootDir, dataDir, Date.now() - started);

  const crashed = await Promise.race([stack.crashed, stopRequested]);
  if (crashed) {
    printFailure(new ServiceError(`${crashed.name} stopped unexpectedly`, crashed.recentOutput()));
    await stopAllServices();
    discardIfUnseeded();
    return 1;
  }
  await stopping;
  discardIfUnseeded();
  say(`All stopped. Data saved in ${relative(rootDir, dataDir)}/.`);
  return 0;
}
