import { existsSync, rmSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "../seed/demo-data";
import { busyPorts } from "./ports";
import { ServiceError } from "./process";
import {
  DEFAULT_PORTS,
  killAllServices,
  PORT_LABELS,
  type RunningStack,
  type StackPorts,
  savedFirestoreExport,
  startStack,
  stopAllServices,
} from "./stack";

/**
 * `npm start`: the whole product on this machine, offline. Starts Google's Firestore emulator
 * with firestore.rules (reloaded on save), the Auth
 * and Functions emulators, MailDev and Vite; seeds the demo marketplace the first time (or
 * with --fresh); prints where everything is; Ctrl-C stops it all and keeps the data.
 */

const PROJECT_ID = "demo-vicino";
const HELP = `Uso: npm start [-- --fresh] [-- --verbose]

  --fresh     cancella i dati locali (.vicino/) e ricarica i dati demo
  --verbose   mostra tutto l'output dei servizi (di default solo errori e log delle functions)
`;

const SERVICE_NAMES: Record<string, string> = {
  firestore: "Firestore (emulatore Google, regole attive)",
  maildev: "MailDev",
  auth: "Emulatore Auth",
  functions: "Emulatore Functions",
  web: "App (Vite)",
};

const seconds = (ms: number) => `${(ms / 1000).toFixed(1).replace(".", ",")} s`;
const say = (line = "") => process.stdout.write(`${line}\n`);

function printFailure(error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`\n✖ ${message}\n`);
  if (error instanceof ServiceError && error.output.length > 0) {
    process.stderr.write("  Ultime righe del servizio:\n");
    for (const line of error.output.slice(-25)) process.stderr.write(`    ${line}\n`);
  }
}

function printBanner(stack: RunningStack, rootDir: string, dataDir: string, elapsedMs: number): void {
  const { urls, hosts } = stack;
  const width = Math.max(...DEMO_ACCOUNTS.map((account) => account.email.length));
  say();
  say(`  Vicino è pronto (avvio in ${seconds(elapsedMs)}).`);
  say();
  say(`  App               ${urls.app}`);
  say(`  Posta in arrivo   ${urls.inbox}   (MailDev: qui arrivano tutte le e-mail inviate)`);
  say();
  say(`  Account demo (password ${DEMO_PASSWORD}):`);
  for (const account of DEMO_ACCOUNTS) {
    say(`    ${account.role.padEnd(11)} ${account.email.padEnd(width)}   ${account.name}`);
  }
  say();
  say(`  Emulatori         Auth ${hosts.auth} · Firestore ${hosts.firestore} · Functions ${hosts.functions}`);
  say(
    `  Dati              ${relative(rootDir, dataDir)}/ (salvati all'uscita; npm start -- --fresh riparte dai dati demo)`,
  );
  say("  Ctrl-C per fermare tutto.");
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
    for (const { name, port } of busy) process.stderr.write(`✖ La porta ${port} (${name}) è già occupata.\n`);
    const first = busy[0]!.port;
    process.stderr.write(
      `\n  C'è già un npm start acceso? Chiudilo con Ctrl-C. Per vedere chi usa la porta:\n` +
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

  say(`Vicino: avvio dello stack locale${args.fresh ? " da zero (--fresh)" : ""}…`);

  let stopping: Promise<void> | undefined;
  let interrupted = false;
  let requestStop = () => {};
  const stopRequested = new Promise<undefined>((resolveStop) => {
    requestStop = () => resolveStop(undefined);
  });
  const shutdown = () => {
    if (stopping) {
      say("\nArresto forzato.");
      killAllServices();
      process.exit(130);
    }
    interrupted = true;
    say("\nArresto in corso (i dati vengono salvati)…");
    stopping = stopAllServices();
    requestStop();
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);

  let stack: RunningStack;
  try {
    stack = await startStack({
      rootDir,
      projectId: PROJECT_ID,
      ports: DEFAULT_PORTS,
      dataDir,
      firestoreExportDir,
      authExportDir,
      web: { kind: "vite-dev" },
      watchFunctions: true,
      watchRules: true,
      verbose: args.verbose,
      onReady: (service, elapsed) =>
        say(`  ✓ ${SERVICE_NAMES[service] ?? service} pronto (${seconds(elapsed)})`),
    });
  } catch (error) {
    if (interrupted) {
      await stopping;
      discardIfUnseeded();
      say("Fermato.");
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
        projectId: PROJECT_ID,
        firestoreHost: stack.hosts.firestore,
        authHost: stack.hosts.auth,
      });
      seeded = true;
      say(
        `  ✓ Dati demo: ${summary.requests} richieste, ${summary.offers} offerte, ` +
          `${summary.conversations} conversazioni, ${summary.messages} messaggi`,
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
    printFailure(new ServiceError(`${crashed.name} si è fermato inaspettatamente`, crashed.recentOutput()));
    await stopAllServices();
    discardIfUnseeded();
    return 1;
  }
  await stopping;
  discardIfUnseeded();
  say(`Tutto fermo. Dati salvati in ${relative(rootDir, dataDir)}/.`);
  return 0;
}
