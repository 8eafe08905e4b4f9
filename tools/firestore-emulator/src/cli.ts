/** `vicino-firestore [--host h] [--port p] [--snapshot file] [--verbose]` */
import { startFirestoreEmulator } from "./index.ts";

function usage(message?: string): never {
  if (message) process.stderr.write(`${message}\n`);
  process.stderr.write(
    "Usage: vicino-firestore [--host 127.0.0.1] [--port 8080] [--snapshot <file>] [--verbose]\n",
  );
  process.exit(message ? 2 : 0);
}

function parseArgs(argv: string[]): {
  host?: string;
  port?: number;
  snapshotPath?: string;
  verbose: boolean;
} {
  const out: { host?: string; port?: number; snapshotPath?: string; verbose: boolean } = { verbose: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const [flag, inline] = arg.includes("=")
      ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)]
      : [arg, undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined) usage(`${flag} needs a value`);
      return v;
    };
    switch (flag) {
      case "--host":
        out.host = value();
        break;
      case "--port": {
        const p = Number(value());
        if (!Number.isInteger(p) || p < 0 || p > 65535) usage("--port must be 0-65535");
        out.port = p;
        break;
      }
      case "--snapshot":
        out.snapshotPath = value();
        break;
      case "--verbose":
      case "-v":
        out.verbose = true;
        break;
      case "--help":
      case "-h":
        usage();
        break;
      default:
        usage(`Unknown argument ${arg}`);
    }
  }
  return out;
}

const args = parseArgs(process.argv.slice(2));

// Last line of defence: every handler is wrapped, but a bug must not take the local stack down.
process.on("uncaughtException", (err) => {
  process.stderr.write(
    `Firestore locale: errore inatteso (il server continua): ${err.stack ?? err.message}\n`,
  );
});
process.on("unhandledRejection", (reason) => {
  process.stderr.write(
    `Firestore locale: promessa rifiutata non gestita (il server continua): ${String(reason)}\n`,
  );
});
const emulator = await startFirestoreEmulator(args).catch((err: unknown) => {
  process.stderr.write(
    `Firestore locale: avvio fallito: ${err instanceof Error ? err.message : String(err)}\n`,
  );
  process.exit(1);
});
process.stdout.write(`Firestore locale pronto su ${emulator.url}\n`);

let stopping = false;
const shutdown = (signal: string) => {
  if (stopping) return;
  stopping = true;
  emulator
    .stop()
    .then(() => process.exit(0))
    .catch((err: unknown) => {
      process.stderr.write(
        `Firestore locale: errore in chiusura (${signal}): ${err instanceof Error ? err.message : String(err)}\n`,
      );
      process.exit(1);
    });
};
process.on("SIGINT", () => shutdown("SIGINT"));
process.on("SIGTERM", () => shutdown("SIGTERM"));
