import { VALIDATION_MESSAGES } from "@/domain/core/common-messages";
import { HttpFailure } from "./http-errors";

/**
 * What the plain HTTP endpoints (onRequest: /api/send-email, /api/client-error) share: the parts of a
 * request and a response they use (an Express request and response in production, small fakes in
 * tests), the app's allowed origins and the JSON body.
 */

/** The parts of an HTTP request a handler reads (an Express request in production). */
export interface HttpRequestLike {
  method?: string;
  headers: Record<string, string | string[] | undefined>;
  body?: unknown;
  rawBody?: Buffer;
  ip?: string;
  socket?: { remoteAddress?: string };
}

export interface HttpResponseLike {
  status(code: number): HttpResponseLike;
  set(field: string, value: string): HttpResponseLike;
  json(body: unknown): unknown;
  end(): unknown;
}

export function header(req: HttpRequestLike, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The app's origin, plus its loopback twin locally (the dev server is reached both as
 * 127.0.0.1 and as localhost).
 */
export function allowedOrigins(app: string): string[] {
  const url = new URL(app);
  const origins = [url.origin];
  const twin =
    url.hostname === "127.0.0.1" ? "localhost" : url.hostname === "localhost" ? "127.0.0.1" : undefined;
  if (twin) origins.push(`${url.protocol}//${twin}${url.port ? `:${url.port}` : ""}`);
  return origins;
}

/** The JSON body (parsed by the runtime, or from the raw bytes); 415 for any other content type, 400 for bad JSON. */
export function readJsonBody(req: HttpRequestLike): unknown {
  const contentType = header(req, "content-type") ?? "";
  if (!/^application\/json\b/i.test(contentType)) {
    // Requiring JSON also forces browsers to preflight, so no other site can post a form here.
    throw new HttpFailure(415, VALIDATION_MESSAGES.invalidData);
  }
  const { body } = req;
  if (body !== null && typeof body === "object" && !Buffer.isBuffer(body)) return body;
  const raw = req.rawBody ?? (Buffer.isBuffer(body) ? body : typeof body === "string" ? body : undefined);
  if (raw === undefined) throw new HttpFailure(400, VALIDATION_MESSAGES.invalidData);
  try {
    return JSON.parse(raw.toString("utf8"));
  } catch {
    throw new HttpFailure(400, VALIDATION_MESSAGES.invalidData);
  }
}

/** The `Authorization: Bearer …` token, or undefined. */
export function bearerTokenOf(req: HttpRequestLike): string | undefined {
  return /^Bearer\s+(\S+)$/i.exec(header(req, "authorization")?.trim() ?? "")?.[1];
}
