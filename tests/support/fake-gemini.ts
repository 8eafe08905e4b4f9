import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for the Gemini Developer API as the Google Gen AI SDK (`@google/genai`) calls it:
 * `POST /v1beta/models/{model}:generateContent` with the key in `x-goog-api-key` and a JSON body of
 * contents, systemInstruction and generationConfig, on 127.0.0.1 and a free port. Point the SDK at it
 * with `httpOptions.baseUrl` (GEMINI_BASE_URL, or GeminiConfig.baseUrl, for the functions).
 *
 * It checks what it is sent the way the API would (a request of another shape, another path, no
 * key, or one not made by that SDK is refused with a 400/403/404 in Google's error envelope), and
 * each scripted reply can require more: a JSON reply is only given to a request that asks for JSON
 * with a response schema and carries a system instruction. Tests queue replies and read back the
 * requests (and what was refused, with why).
 */

/** What a scripted reply needs of the request it answers, beyond a well-formed one. */
export type Requirement = "systemInstruction" | "jsonSchema";

export interface ScriptedReply {
  status: number;
  body: unknown;
  /** Sent as is instead of JSON (a broken body). */
  raw?: string;
  requires?: readonly Requirement[];
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
  /** Why each refused request was refused, in order. */
  rejections: string[];
  enqueue(...replies: ScriptedReply[]): void;
  reset(): void;
  close(): Promise<void>;
}

/** A model answer whose text is `text` (to a request with a system instruction, unless told otherwise). */
export function geminiText(
  text: string,
  requires: readonly Requirement[] = ["systemInstruction"],
): ScriptedReply {
  return {
    status: 200,
    body: {
      candidates: [{ content: { role: "model", parts: [{ text }] }, finishReason: "STOP", index: 0 }],
      usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 10, totalTokenCount: 20 },
      modelVersion: "fake-gemini",
    },
    requires,
  };
}

/** A model answer carrying `value` as JSON text, given only to a request for JSON with a schema. */
export function geminiJson(value: unknown): ScriptedReply {
  return geminiText(JSON.stringify(value), ["systemInstruction", "jsonSchema"]);
}

/** An answer with no text at all. */
export function geminiEmpty(): ScriptedReply {
  return {
    status: 200,
    body: { candidates: [{ content: { role: "model", parts: [] }, finishReason: "STOP" }] },
  };
}

const STATUS_NAMES: Record<number, string> = {
  400: "INVALID_ARGUMENT",
  403: "PERMISSION_DENIED",
  404: "NOT_FOUND",
  429: "RESOURCE_EXHAUSTED",
  500: "INTERNAL",
  503: "UNAVAILABLE",
};

/** An HTTP failure with Google's error envelope. */
export function geminiError(status: number, message = "Internal error encountered."): ScriptedReply {
  return { status, body: { error: { code: status, message, status: STATUS_NAMES[status] ?? "UNKNOWN" } } };
}

const PATH = /^\/v1beta\/models\/[\w.-]+:generateContent$/;
const BODY_KEYS = new Set([
  "contents",
  "systemInstruction",
  "generationConfig",
  "safetySettings",
  "tools",
  "toolConfig",
]);
const CONFIG_KEYS = new Set([
  "temperature",
  "topP",
  "topK",
  "candidateCount",
  "maxOutputTokens",
  "stopSequences",
  "seed",
  "responseMimeType",
  "responseSchema",
  "responseJsonSchema",
  "thinkingConfig",
]);
const SCHEMA_TYPES = new Set(["STRING", "NUMBER", "INTEGER", "BOOLEAN", "ARRAY", "OBJECT"]);
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function unknownKey(value: Record<string, unknown>, allowed: ReadonlySet<string>): string | undefined {
  return Object.keys(value).find((key) => !allowed.has(key));
}

function partProblem(part: unknown): string | undefined {
  if (!isRecord(part)) return "a part is not an object";
  const keys = Object.keys(part);
  if (keys.length !== 1)
    return `a part has ${keys.join(", ") || "nothing"} (exactly one of text, inlineData)`;
  if ("text" in part) return typeof part.text === "string" ? undefined : "text is not a string";
  const data = part.inlineData;
  if (!isRecord(data) || typeof data.mimeType !== "string" || typeof data.data !== "string")
    return `unknown part ${keys[0]}`;
  return BASE64.test(data.data) ? undefined : "inlineData.data is not base64";
}

function contentProblem(content: unknown, where: string, roles: readonly string[]): string | undefined {
  if (!isRecord(content)) return `${where} is not a Content`;
  const extra = unknownKey(content, new Set(["role", "parts"]));
  if (extra) return `${where} has unknown field ${extra}`;
  if (content.role !== undefined && !roles.includes(String(content.role)))
    return `${where}.role is ${String(content.role)}`;
  if (!Array.isArray(content.parts) || content.parts.length === 0) return `${where}.parts is empty`;
  for (const part of content.parts) {
    const problem = partProblem(part);
    if (problem) return `${where}: ${problem}`;
  }
  return undefined;
}

/** The API's own Schema (OpenAPI subset, upper-case types), all the way down. */
function schemaProblem(schema: unknown, where: string): string | undefined {
  if (!isRecord(schema) || !SCHEMA_TYPES.has(String(schema.type)))
    return `${where}.type is not a Schema type`;
  if (isRecord(schema.properties)) {
    for (const [name, property] of Object.entries(schema.properties)) {
      const problem = schemaProblem(property, `${where}.${name}`);
      if (problem) return problem;
    }
  }
  return schema.items === undefined ? undefined : schemaProblem(schema.items, `${where}.items`);
}

function configProblem(config: unknown): string | undefined {
  if (config === undefined) return undefined;
  if (!isRecord(config)) return "generationConfig is not an object";
  const extra = unknownKey(config, CONFIG_KEYS);
  if (extra) return `generationConfig has unknown field ${extra}`;
  if (config.responseSchema !== undefined && config.responseJsonSchema !== undefined)
    return "responseSchema and responseJsonSchema are both set";
  const schema = config.responseSchema ?? config.responseJsonSchema;
  if (schema !== undefined && config.responseMimeType !== "application/json")
    return "a response schema needs responseMimeType application/json";
  if (config.responseSchema !== undefined) {
    const problem = schemaProblem(config.responseSchema, "responseSchema");
    if (problem) return problem;
  }
  const thinking = config.thinkingConfig;
  if (isRecord(thinking) && thinking.thinkingBudget !== undefined && thinking.thinkingLevel !== undefined)
    return "thinkingBudget and thinkingLevel are both set";
  return undefined;
}

/** Why the API would refuse this request: [status, message], or undefined when it is well formed. */
function requestProblem(req: RecordedRequest): [number, string] | undefined {
  if (req.method !== "POST" || !PATH.test(req.path)) return [404, `unknown path ${req.method} ${req.path}`];
  if (!req.headers["x-goog-api-key"]) return [403, "no API key in x-goog-api-key"];
  if (!String(req.headers["x-goog-api-client"] ?? "").startsWith("google-genai-sdk/"))
    return [400, "not sent by the Google Gen AI SDK (@google/genai)"];
  if (!String(req.headers["content-type"] ?? "").startsWith("application/json"))
    return [400, "the body is not JSON"];
  const body = req.body;
  if (!isRecord(body)) return [400, "the body is not a JSON object"];
  const extra = unknownKey(body, BODY_KEYS);
  if (extra) return [400, `unknown field ${extra}`];
  const contents = body.contents;
  if (!Array.isArray(contents) || contents.length === 0) return [400, "contents is empty"];
  for (const [index, content] of contents.entries()) {
    const problem = contentProblem(content, `contents[${index}]`, ["user", "model"]);
    if (problem) return [400, problem];
  }
  if ((contents.at(-1) as { role?: string }).role === "model") return [400, "the last turn is the model's"];
  if (body.systemInstruction !== undefined) {
    const problem = contentProblem(body.systemInstruction, "systemInstruction", ["user", "system"]);
    if (problem) return [400, problem];
  }
  const problem = configProblem(body.generationConfig);
  return problem ? [400, problem] : undefined;
}

function unmet(reply: ScriptedReply, body: Record<string, unknown>): string | undefined {
  const config = isRecord(body.generationConfig) ? body.generationConfig : {};
  for (const requirement of reply.requires ?? []) {
    if (requirement === "systemInstruction" && body.systemInstruction === undefined)
      return "this reply needs a request with a systemInstruction";
    if (
      requirement === "jsonSchema" &&
      (config.responseMimeType !== "application/json" ||
        (config.responseSchema === undefined && config.responseJsonSchema === undefined))
    )
      return "this reply needs a request for JSON (responseMimeType application/json) with a response schema";
  }
  return undefined;
}

export async function startFakeGemini(): Promise<FakeGemini> {
  const queue: ScriptedReply[] = [];
  const requests: RecordedRequest[] = [];
  const rejections: string[] = [];
  const refuse = (status: number, message: string) => {
    rejections.push(message);
    return geminiError(status, `fake-gemini: ${message}`);
  };
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let body: unknown;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    } catch {
      body = undefined;
    }
    const recorded = { method: req.method ?? "", path: req.url ?? "", headers: req.headers, body };
    requests.push(recorded);
    const problem = requestProblem(recorded);
    let reply: ScriptedReply;
    if (problem) reply = refuse(...problem);
    else {
      const next = queue.shift();
      const missing = next && unmet(next, body as Record<string, unknown>);
      reply = !next
        ? geminiError(500, "fake-gemini: no scripted reply")
        : missing
          ? refuse(400, missing)
          : next;
    }
    res.writeHead(reply.status, { "content-type": "application/json; charset=utf-8" });
    res.end(reply.raw ?? JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    rejections,
    enqueue: (...replies) => queue.push(...replies),
    reset: () => {
      queue.length = 0;
      requests.length = 0;
      rejections.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
