/** node:http front end: CORS, readiness, clear, REST routing and WebChannel routing. Never crashes on input. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { Engine } from "./engine.ts";
import { FirestoreError, invalidArgument, toFirestoreError } from "./errors.ts";
import type { Logger } from "./log.ts";
import { RestApi } from "./rest.ts";
import { type StreamKind, WebChannelServer } from "./webchannel.ts";

const MAX_BODY_BYTES = 32 * 1024 * 1024;

export interface HttpServerHandle {
  readonly server: Server;
  readonly webchannel: WebChannelServer;
  close(): Promise<void>;
}

function applyCors(req: IncomingMessage, res: ServerResponse): void {
  const origin = req.headers.origin;
  if (origin) {
    res.setHeader("Access-Control-Allow-Origin", origin);
    res.setHeader("Access-Control-Allow-Credentials", "true");
    res.setHeader("Vary", "Origin");
  } else {
    res.setHeader("Access-Control-Allow-Origin", "*");
  }
  res.setHeader(
    "Access-Control-Expose-Headers",
    "X-HTTP-Session-Id, X-Goog-Encode-Response-If-Executable, Content-Type",
  );
}

function preflight(req: IncomingMessage, res: ServerResponse): void {
  res.statusCode = 204;
  res.setHeader("Access-Control-Allow-Methods", "GET, POST, PUT, PATCH, DELETE, OPTIONS");
  const requested = req.headers["access-control-request-headers"];
  res.setHeader(
    "Access-Control-Allow-Headers",
    typeof requested === "string" && requested !== ""
      ? requested
      : "Authorization, Content-Type, X-Goog-Api-Client, X-Firebase-GMPID",
  );
  if (req.headers["access-control-request-private-network"] === "true") {
    res.setHeader("Access-Control-Allow-Private-Network", "true");
  }
  res.setHeader("Access-Control-Max-Age", "86400");
  res.end();
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY_BYTES) {
        reject(invalidArgument(`Request body over ${MAX_BODY_BYTES} bytes.`));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  if (res.headersSent || res.writableEnded) return;
  const text = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("Content-Length", Buffer.byteLength(text));
  res.end(text);
}

function sendError(res: ServerResponse, err: FirestoreError): void {
  sendJson(res, err.httpStatus, err.toRestBody());
}

function decodeSegment(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw invalidArgument(`Invalid percent-encoding in path segment ${JSON.stringify(raw)}.`);
  }
}

/** Parses `/v1/projects/{p}/databases/{d}/documents[/…][:verb]`. */
function parseRestPath(pathname: string): {
  project: string;
  database: string;
  segments: string[];
  verb: string | null;
} | null {
  const raw = pathname.split("/").slice(2); // drop "" and "v1"
  if (raw.length < 5) return null;
  let verb: string | null = null;
  const last = raw[raw.length - 1] as string;
  const colon = last.lastIndexOf(":");
  if (colon >= 0) {
    verb = last.slice(colon + 1);
    raw[raw.length - 1] = last.slice(0, colon);
  }
  const segs = raw.map(decodeSegment);
  if (segs[0] !== "projects" || segs[2] !== "databases" || segs[4] !== "documents") return null;
  const rest = segs.slice(5);
  if (rest.some((s) => s === "")) throw invalidArgument(`The path ${pathname} has an empty segment.`);
  return { project: segs[1] as string, database: segs[3] as string, segments: rest, verb };
}

export function createHttpServer(engine: Engine, log: Logger, projectId: string): HttpServerHandle {
  const rest = new RestApi(engine);
  const webchannel = new WebChannelServer(engine, log);
  const sockets = new Set<Socket>();

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const started = Date.now();
    const url = new URL(req.url ?? "/", "http://localhost");
    const path = url.pathname;
    applyCors(req, res);
    if (req.method === "OPTIONS") {
      preflight(req, res);
      return;
    }

    const channel = /^\/google\.firestore\.v1\.Firestore\/(Listen|Write)\/channel$/.exec(path);
    if (channel) {
      const body = req.method === "POST" ? await readBody(req) : "";
      webchannel.handle(channel[1] as StreamKind, req, res, url, body);
      return;
    }

    if (path === "/" && (req.method === "GET" || req.method === "HEAD")) {
      res.setHeader("Content-Type", "text/plain; charset=utf-8");
      res.end("Ok\n");
      return;
    }
    if (path === "/ready" || path === "/healthz") {
      sendJson(res, 200, { status: "ready", projectId, databases: engine.store.databases.size });
      return;
    }

    const clear = /^\/emulator\/v1\/projects\/([^/]+)\/databases\/([^/]+)\/documents\/?$/.exec(path);
    if (clear && req.method === "DELETE") {
      await readBody(req);
      engine.clear({
        project: decodeSegment(clear[1] as string),
        database: decodeSegment(clear[2] as string),
      });
      log.debug(`cleared projects/${clear[1]}/databases/${clear[2]}`);
      sendJson(res, 200, {});
      return;
    }

    if (path.startsWith("/v1/")) {
      const parsed = parseRestPath(path);
      if (!parsed) throw new FirestoreError("NOT_FOUND", `Unknown REST path ${path}.`);
      const text = await readBody(req);
      let body: unknown = {};
      if (text.trim() !== "") {
        try {
          body = JSON.parse(text);
        } catch {
          throw invalidArgument("Invalid JSON payload received: the request body is not valid JSON.");
        }
      }
      const alt = url.searchParams.get("$alt") ?? "";
      const result = await rest.handle({
        method: req.method ?? "GET",
        db: { project: parsed.project, database: parsed.database },
        segments: parsed.segments,
        verb: parsed.verb,
        params: url.searchParams,
        body,
        intEnums: alt.includes("enum-encoding=int"),
      });
      sendJson(res, result.status, result.body);
      if (log.verbose) log.debug(`${req.method} ${path} ${result.status} ${Date.now() - started}ms`);
      return;
    }
    throw new FirestoreError("NOT_FOUND", `Unknown path ${path}.`);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      const e = toFirestoreError(err);
      if (e.status === "INTERNAL")
        log.error(
          `${req.method} ${req.url}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
        );
      else if (log.verbose) log.debug(`${req.method} ${req.url} -> ${e.status}: ${e.message}`);
      try {
        sendError(res, e);
      } catch {
        res.destroy();
      }
    });
  });
  server.keepAliveTimeout = 65_000;
  server.on("connection", (socket: Socket) => {
    socket.setNoDelay(true);
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  server.on("clientError", (_err, socket) => {
    if (socket.writable) socket.end("HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n");
    else socket.destroy();
  });

  return {
    server,
    webchannel,
    close: () =>
      new Promise<void>((resolve) => {
        webchannel.closeAll();
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
        server.closeAllConnections();
      }),
  };
}
