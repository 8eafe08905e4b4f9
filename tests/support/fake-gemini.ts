import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for the Gemini API (generativelanguage `…/v1beta/models/{model}:generateContent`)
 * on 127.0.0.1 and a free port. Tests queue scripted replies and read back what the SDK sent; point
 * the SDK at it with `requestOptions.baseUrl` (GEMINI_BASE_URL for the functions).
 */

export interface ScriptedReply {
  status: number;
  body: unknown;
  /** Sent as is instead of JSON (a broken body). */
  raw?: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface FakeGemini {
  /** Base URL for the SDK (no trailing slash, no API version). */
  url: string;
  requests: RecordedRequest[];
  enqueue(...replies: ScriptedReply[]): void;
  reset(): void;
  close(): Promise<void>;
}

/** A model answer whose text is `text`. */
export function geminiText(text: string): ScriptedReply {
  return {
    status: 200,
    body: {
      candidates: [{ content: { role: "model", parts: [{ text }] }, finishReason: "STOP", index: 0 }],
      usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 10, totalTokenCount: 20 },
    },
  };
}

/** A model answer carrying `value` as JSON text (what responseMimeType application/json yields). */
export function geminiJson(value: unknown): ScriptedReply {
  return geminiText(JSON.stringify(value));
}

/** An answer with no text at all. */
export function geminiEmpty(): ScriptedReply {
  return {
    status: 200,
    body: { candidates: [{ content: { role: "model", parts: [] }, finishReason: "STOP" }] },
  };
}

/** An HTTP failure with Google's error envelope. */
export function geminiError(status: number, message = "Internal error encountered."): ScriptedReply {
  const names: Record<number, string> = {
    400: "INVALID_ARGUMENT",
    429: "RESOURCE_EXHAUSTED",
    500: "INTERNAL",
    503: "UNAVAILABLE",
  };
  return { status, body: { error: { code: status, message, status: names[status] ?? "UNKNOWN" } } };
}

export async function startFakeGemini(): Promise<FakeGemini> {
  const queue: ScriptedReply[] = [];
  const requests: RecordedRequest[] = [];
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let body: unknown;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    } catch {
      body = undefined;
    }
    requests.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers, body });
    const reply = /:generateContent$/.test(req.url ?? "")
      ? (queue.shift() ?? geminiError(500, "fake-gemini: no scripted reply"))
      : geminiError(404, `fake-gemini: unknown path ${req.url}`);
    res.writeHead(reply.status, { "content-type": "application/json; charset=utf-8" });
    res.end(reply.raw ?? JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    enqueue: (...replies) => queue.push(...replies),
    reset: () => {
      queue.length = 0;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
