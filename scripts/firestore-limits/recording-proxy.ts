import {
  createServer as createHttpServer,
  type IncomingMessage,
  request,
  type ServerResponse,
} from "node:http";
import {
  type ClientHttp2Session,
  connect,
  constants,
  createServer as createHttp2Server,
  type IncomingHttpHeaders,
  type ServerHttp2Stream,
} from "node:http2";
import { createServer as createNetServer, type Socket } from "node:net";
import { Duplex } from "node:stream";
import { grpcMessages, grpcMethod, grpcRecords, httpRecords, type WireRecord } from "./wire";

// A recording proxy in front of Google's Firestore emulator (the test stacks, scripts/stack/stack.ts):
// it listens on the stack's Firestore port, passes every byte through to the emulator on a private port,
// and keeps the structured queries and written document paths it sees in requests (./wire.ts). Answers
// are never read, only piped. Both protocols share the port, as on the emulator: a connection that opens
// with HTTP/2's preface (gRPC) goes to an HTTP/2 proxy, any other to an HTTP/1 one (REST, WebChannel).
// The records are served at GET /vicino-limits/records?from=N (tests/setup/firestore-limits.ts).

export const RECORDS_PATH = "/vicino-limits/records";

export interface RecordingProxy {
  records(): readonly WireRecord[];
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "upgrade", "http2-settings"]);

function withoutPseudo(headers: IncomingHttpHeaders, keep: readonly string[] = []): IncomingHttpHeaders {
  const copy: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if ((name.startsWith(":") && !keep.includes(name)) || HOP_BY_HOP.has(name)) continue;
    copy[name] = value;
  }
  return copy;
}

/** A duplex stream that yields `first`, then whatever `socket` receives, and writes to `socket`. */
function replayed(socket: Socket, first: Buffer): Duplex {
  const stream = new Duplex({
    read: () => {
      socket.resume();
    },
    write: (chunk: Buffer, _encoding, done) => {
      socket.write(chunk, done);
    },
    final: (done) => {
      socket.end();
      done();
    },
    destroy: (error, done) => {
      socket.destroy(error ?? undefined);
      done(error);
    },
  });
  stream.push(first);
  socket.on("data", (chunk: Buffer) => {
    if (!stream.push(chunk)) socket.pause();
  });
  socket.on("end", () => stream.push(null));
  socket.on("close", () => stream.destroy());
  return stream;
}

export async function startRecordingProxy(options: {
  host: string;
  port: number;
  target: { host: string; port: number };
}): Promise<RecordingProxy> {
  const records: WireRecord[] = [];
  const keep = (found: WireRecord[]) => {
    for (const record of found) records.push(record);
  };
  const safely = (read: () => WireRecord[]) => {
    try {
      keep(read());
    } catch {
      // A message the recorder cannot read is passed on all the same.
    }
  };

  const http1 = createHttpServer((incoming: IncomingMessage, outgoing: ServerResponse) => {
    const url = incoming.url ?? "/";
    if (url.startsWith(RECORDS_PATH)) {
      const from = Number(new URL(url, "http://x").searchParams.get("from") ?? 0);
      outgoing.writeHead(200, { "content-type": "application/json" });
      outgoing.end(JSON.stringify({ next: records.length, records: records.slice(from) }));
      return;
    }
    const chunks: Buffer[] = [];
    const reads = incoming.method === "POST" && (url.includes(":") || url.includes("/channel"));
    const forward = request(
      {
        host: options.target.host,
        port: options.target.port,
        method: incoming.method,
        path: url,
        headers: { ...incoming.headers, host: `${options.target.host}:${options.target.port}` },
        // A connection per request: a kept-alive socket the emulator has closed would fail the request
        // (a 502 seen once in the journeys); on the loopback a new connection costs next to nothing.
        agent: false,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forward.on("error", (error) => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end(String(error));
    });
    outgoing.on("close", () => {
      if (!outgoing.writableFinished) forward.destroy();
    });
    incoming.on("data", (chunk: Buffer) => {
      if (reads) chunks.push(chunk);
      forward.write(chunk);
    });
    incoming.on("end", () => {
      if (reads) safely(() => httpRecords(url, Buffer.concat(chunks).toString("utf8")));
      forward.end();
    });
  });

  let upstream: ClientHttp2Session | undefined;
  const session = () => {
    if (!upstream || upstream.closed || upstream.destroyed) {
      upstream = connect(`http://${options.target.host}:${options.target.port}`);
      upstream.on("error", () => undefined);
    }
    return upstream;
  };
  const http2 = createHttp2Server();
  http2.on("stream", (stream: ServerHttp2Stream, headers: IncomingHttpHeaders) => {
    const method = grpcMethod(String(headers[":path"] ?? ""));
    const up = session().request(withoutPseudo(headers, [":method", ":path", ":scheme", ":authority"]));
    let pending: Buffer = Buffer.alloc(0);
    stream.on("data", (chunk: Buffer) => {
      if (method) {
        const { messages, rest } = grpcMessages(Buffer.concat([pending, chunk]));
        pending = rest;
        for (const message of messages) safely(() => grpcRecords(method, message));
      }
      up.write(chunk);
    });
    stream.on("end", () => up.end());
    let trailers: IncomingHttpHeaders = {};
    up.on("response", (answer, flags) => {
      if (stream.destroyed) return;
      // A trailers-only answer (a gRPC error) ends with its headers; any other sends its trailers last.
      if (flags & constants.NGHTTP2_FLAG_END_STREAM)
        stream.respond(withoutPseudo(answer, [":status"]), { endStream: true });
      else stream.respond(withoutPseudo(answer, [":status"]), { waitForTrailers: true });
    });
    up.on("trailers", (received) => {
      trailers = withoutPseudo(received);
    });
    stream.on("wantTrailers", () => stream.sendTrailers(trailers));
    up.on("data", (chunk: Buffer) => {
      if (!stream.destroyed) stream.write(chunk);
    });
    up.on("end", () => {
      if (!stream.destroyed && !stream.writableEnded) stream.end();
    });
    up.on("error", () => {
      if (!stream.destroyed) stream.close(constants.NGHTTP2_INTERNAL_ERROR);
    });
    stream.on("close", () => {
      if (!up.closed) up.close(constants.NGHTTP2_CANCEL);
    });
    stream.on("error", () => undefined);
  });

  const PREFACE = Buffer.from("PRI * HTTP/2.0");
  const sockets = new Set<Socket>();
  const front = createNetServer((socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.once("data", (first: Buffer) => {
      socket.pause();
      const isHttp2 = first
        .subarray(0, PREFACE.length)
        .equals(PREFACE.subarray(0, Math.min(first.length, PREFACE.length)));
      if (isHttp2) {
        // HTTP/2 reads a net.Socket's native handle, past what was unshifted: it gets a JS stream that
        // replays the first bytes, then the socket's.
        http2.emit("connection", replayed(socket, first));
        return;
      }
      socket.unshift(first);
      http1.emit("connection", socket);
      socket.resume();
    });
    socket.on("error", () => undefined);
  });
  await new Promise<void>((resolve, reject) => {
    front.once("error", reject);
    front.listen(options.port, options.host, resolve);
  });
  return {
    records: () => records,
    close: async () => {
      upstream?.destroy();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => front.close(() => resolve()));
    },
  };
}
