import { appendFileSync } from "node:fs";
import { createServer, type IncomingMessage, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  channelFrames,
  listenRequestEvents,
  listenResponseEvents,
  type ReadEvent,
  restReads,
} from "./firestore-traffic";

// An HTTP proxy between the page and Google's Firestore emulator: the production build is pointed at it
// (VITE_FIRESTORE_EMULATOR_PORT), it passes every request and answer through unchanged, and it records
// what each answer read (./firestore-traffic.ts). A WebChannel stream is read as it arrives, since a
// listener's answer never ends while the page is open.

export interface CountingProxy {
  port: number;
  /** The reads recorded since the last `reset`. */
  events(): ReadEvent[];
  /** Forgets the reads so far (a new page load starts). */
  reset(): void;
  /** When the proxy last saw a request or an answer that carried something (heartbeats excluded). */
  lastActivity(): number;
  close(): Promise<void>;
}

function bodyOf(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => resolve(Buffer.concat(chunks)));
    stream.on("error", reject);
  });
}

/** Starts the proxy on a free port of `host`, forwarding to the emulator at `target` (`host:port`). */
export async function startCountingProxy(
  host: string,
  target: string,
  captureFile?: string,
): Promise<CountingProxy> {
  const [targetHost, targetPort] = target.split(":");
  let events: ReadEvent[] = [];
  let activity = Date.now();
  // Each page load is a generation: an answer still streaming from an earlier load (a listener of a page
  // the browser has left) counts for nothing.
  let generation = 0;
  // Listen targets that have delivered no document yet. Target ids are the page's Firestore client's, and
  // one page is measured at a time (reset between loads).
  const pendingTargets = new Map<number, string>();
  const recordFor = (startedIn: number) => (found: ReadEvent[]) => {
    if (found.length === 0 || startedIn !== generation) return;
    events.push(...found);
    activity = Date.now();
  };
  const capture = (what: string, text: string) => {
    if (captureFile) appendFileSync(captureFile, `${JSON.stringify({ what, text })}\n`);
  };

  const server: Server = createServer(async (incoming, outgoing) => {
    activity = Date.now();
    const startedIn = generation;
    const record = recordFor(startedIn);
    const url = incoming.url ?? "/";
    const body = await bodyOf(incoming);
    const isListen = url.includes("Firestore/Listen/channel");
    if (isListen && incoming.method === "POST" && body.length > 0) {
      capture(`POST ${url}`, body.toString("utf8"));
      const added = listenRequestEvents(body.toString("utf8"));
      for (const event of added)
        if (event.kind === "listen-add") pendingTargets.set(event.target, event.label);
      record(added);
    }
    const headers = { ...incoming.headers, host: target };
    delete headers["accept-encoding"];
    const forward = request(
      { host: targetHost, port: Number(targetPort), method: incoming.method, path: url, headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        let text = "";
        answer.setEncoding("utf8");
        answer.on("data", (chunk: string) => {
          outgoing.write(chunk);
          text += chunk;
          if (!isListen) return;
          if (startedIn !== generation) {
            text = "";
            return;
          }
          const { frames, consumed } = channelFrames(text);
          text = text.slice(consumed);
          if (frames.length === 0) return;
          capture(`ANSWER ${url}`, JSON.stringify(frames));
          record(listenResponseEvents(frames, pendingTargets));
        });
        answer.on("end", () => {
          outgoing.end();
          if (isListen || incoming.method !== "POST") return;
          capture(`${url} ${body.toString("utf8")}`, text);
          record(restReads(url, body.toString("utf8"), text));
        });
      },
    );
    forward.on("error", (error) => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end(String(error));
    });
    // The browser left (a navigation aborts the page's requests): the emulator's stream goes too.
    outgoing.on("close", () => {
      if (!outgoing.writableFinished) forward.destroy();
    });
    forward.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    events: () => [...events],
    reset: () => {
      events = [];
      generation += 1;
      pendingTargets.clear();
      activity = Date.now();
    },
    lastActivity: () => activity,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
