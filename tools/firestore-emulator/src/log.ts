/** Quiet by default; `verbose` prints one line per request and stream event. */
export interface Logger {
  readonly verbose: boolean;
  debug(message: string): void;
  info(message: string): void;
  error(message: string): void;
}

export function createLogger(verbose: boolean): Logger {
  const stamp = () => new Date().toISOString().slice(11, 23);
  return {
    verbose,
    debug(message) {
      if (verbose) process.stderr.write(`[firestore ${stamp()}] ${message}\n`);
    },
    info(message) {
      if (verbose) process.stderr.write(`[firestore ${stamp()}] ${message}\n`);
    },
    error(message) {
      process.stderr.write(`[firestore ${stamp()}] ERROR ${message}\n`);
    },
  };
}
