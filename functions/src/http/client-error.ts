import { onRequest } from "firebase-functions/https";
import {
  type ClientErrorReport,
  clientErrorReportSchema,
  sanitizeClientErrorReport,
} from "@/domain/boundary/client-error";
import { ERROR_MESSAGES, VALIDATION_MESSAGES } from "@/domain/core/common-messages";
import { appUrl } from "../email/config";
import { adminAuth, adminDb } from "../lib/admin";
import { clientIp, clientIpKey } from "../lib/client-ip";
import { logClientError, logUnexpectedError } from "../lib/error-log";
import { region } from "../lib/global-options";
import { HttpFailure, TOO_MANY_ATTEMPTS, validationMessage } from "../lib/http-errors";
import {
  allowedOrigins,
  bearerTokenOf,
  type HttpRequestLike,
  type HttpResponseLike,
  header,
  readJsonBody,
} from "../lib/http-request";
import { hitRateLimits, type RateLimitCheck } from "../lib/rate-limit";
import { CLIENT_ERROR_RATE_POLICY } from "../lib/rate-limit-policy";
import { sized } from "../lib/sizing";

/**
 * POST /api/client-error (a Hosting rewrite in production, the Vite proxy locally): an error the
 * browser did not expect (src/lib/error-reporter.ts), logged for Cloud Error Reporting
 * (lib/error-log.ts). The body is the domain's report (src/domain/boundary/client-error.ts), refused when it
 * has anything more or anything out of shape, and scrubbed again here: whatever a page sends, no
 * e-mail address, query string or token reaches the log. The user is named by uid only, from a
 * verified ID token (`Authorization: Bearer …`), never from the body; a report without a valid token
 * is logged without one. Limited per client address (CLIENT_ERROR_RATE_POLICY; lib/client-ip.ts).
 * Answers 204, or `{ok: false, error}` with 400/403/405/415/429.
 */

export interface ClientErrorDeps {
  /** Verifies a Firebase ID token; rejects when it is not valid. */
  verifyIdToken(idToken: string): Promise<{ uid: string }>;
  /** false when a limit is exceeded. */
  rateLimit(checks: RateLimitCheck[]): Promise<boolean>;
  log(report: ClientErrorReport, uid: string | undefined): void;
  appUrl(): string;
}

export function clientErrorRateChecks(ip: string | undefined): RateLimitCheck[] {
  return [{ key: `client-error:ip:${clientIpKey(ip)}`, policy: CLIENT_ERROR_RATE_POLICY }];
}

function parseReport(req: HttpRequestLike): ClientErrorReport {
  const parsed = clientErrorReportSchema.safeParse(readJsonBody(req));
  if (!parsed.success) throw new HttpFailure(400, validationMessage(parsed.error));
  return sanitizeClientErrorReport(parsed.data);
}

async function callerUid(req: HttpRequestLike, deps: ClientErrorDeps): Promise<string | undefined> {
  const idToken = bearerTokenOf(req);
  if (!idToken) return undefined;
  return deps.verifyIdToken(idToken).then(
    ({ uid }) => uid,
    () => undefined,
  );
}

export function createClientErrorHandler(deps: ClientErrorDeps) {
  return async (req: HttpRequestLike, res: HttpResponseLike): Promise<void> => {
    res.set("Cache-Control", "no-store");
    const origin = header(req, "origin");
    const originAllowed = !origin || allowedOrigins(deps.appUrl()).includes(origin);
    if (origin && originAllowed) res.set("Access-Control-Allow-Origin", origin).set("Vary", "Origin");
    if (req.method === "OPTIONS") {
      if (originAllowed) {
        res
          .set("Access-Control-Allow-Methods", "POST")
          .set("Access-Control-Allow-Headers", "Authorization, Content-Type")
          .set("Access-Control-Max-Age", "3600");
      }
      res.status(204).end();
      return;
    }
    try {
      if (!originAllowed) throw new HttpFailure(403, ERROR_MESSAGES.permissionDenied);
      if (req.method !== "POST") throw new HttpFailure(405, VALIDATION_MESSAGES.invalidData);
      const report = parseReport(req);
      if (!(await deps.rateLimit(clientErrorRateChecks(clientIp(req))))) {
        throw new HttpFailure(429, TOO_MANY_ATTEMPTS);
      }
      deps.log(report, await callerUid(req, deps));
      res.status(204).end();
    } catch (error) {
      if (error instanceof HttpFailure) {
        res.status(error.status).json(error.body);
        return;
      }
      logUnexpectedError("reportClientError failed", error);
      res.status(500).json({ ok: false, error: ERROR_MESSAGES.generic });
    }
  };
}

export function adminClientErrorDeps(): ClientErrorDeps {
  return {
    verifyIdToken: async (idToken) => ({ uid: (await adminAuth().verifyIdToken(idToken)).uid }),
    rateLimit: (checks) => hitRateLimits(adminDb(), checks),
    log: logClientError,
    appUrl,
  };
}

const handler = createClientErrorHandler(adminClientErrorDeps());

export const reportClientError = onRequest(
  sized("reportClientError", { region, invoker: "public" }),
  (req, res) => handler(req, res),
);
