import { createServer } from "node:net";

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
 * `count` distinct free ports. They are only reserved until the function returns, so the
 * caller starts its servers right away with `strictPort`-style options and fails loudly
 * (never silently moves) if another process grabbed one in between.
 */
export async function findFreePorts(count: number, host = LOCAL_HOST): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await findFreePort(host));
  return [...ports];
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
