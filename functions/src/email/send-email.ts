import { onRequest } from "firebase-functions/https";
import { paths } from "@/config/paths";
import { type EmailType, type SendEmailInput, sendEmailInputSchema } from "@/domain/boundary/callables";
import { ERROR_MESSAGES, VALIDATION_MESSAGES } from "@/domain/core/common-messages";
import { DEFAULT_USER_TYPE } from "@/domain/core/user-type";
import { errorCode } from "@/domain/people/auth-errors";
import { adminAuth, adminDb } from "../lib/admin";
import { clientIp } from "../lib/client-ip";
import { logUnexpectedError } from "../lib/error-log";
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
import { hitRateLimits, mailRateChecks, type RateLimitCheck } from "../lib/rate-limit";
import { sized } from "../lib/sizing";
import { parseUserDoc, type UserRead, userRef } from "../profiles/user-record";
import { appUrl } from "./config";
import { composeEmail, type MailTransport, type OutgoingEmail } from "./send";
import { smtpTransport } from "./smtp-transport";

/**
 * POST /api/send-email (spec §7; a Hosting rewrite in production, the Vite proxy locally).
 *
 * Never an open relay: the templates are fixed and the recipient is derived server-side.
 * - `welcome`: `Authorization: Bearer <ID token>`; goes to the token's e-mail, with the name and
 *   role stored in users/{uid} (Clemente for buyers, Leonardo for merchants). Body fields other
 *   than `type` are ignored.
 * - `password-reset` `{email}`: a Firebase reset link for that address in our Italian template;
 *   an address without an account gets nothing, with the same answer.
 * - `magic-link` `{email, data: {userType}}`: a Firebase e-mail sign-in link returning to
 *   /auth-callback?userType=….
 * Every type is limited per (recipient, client IP) and per client IP (shared with createMagicLink);
 * the client IP is the one Google's front end appended (lib/client-ip.ts).
 * Answers `{ok: true}`, or `{ok: false, error}` with 400/401/403/404/405/415/429/500.
 */

// Shared with the other HTTP endpoints (lib/http-request.ts); exported here as before.
export { allowedOrigins, type HttpRequestLike, type HttpResponseLike };

export interface SendEmailDeps {
  /** Verifies a Firebase ID token; rejects when it is not valid. */
  verifyIdToken(idToken: string): Promise<{ uid: string; email?: string }>;
  readUser(uid: string): Promise<UserRead>;
  /** undefined when no account has this address. */
  passwordResetLink(email: string, continueUrl: string): Promise<string | undefined>;
  signInLink(email: string, continueUrl: string): Promise<string>;
  /** false when a limit is exceeded. */
  rateLimit(checks: RateLimitCheck[]): Promise<boolean>;
  mailer: MailTransport;
  appUrl(): string;
}

export const PASSWORD_RESET_CONTINUE_PATH = paths.auth.path;
export const EMAIL_LINK_CONTINUE_PATH = paths.authCallback.path;

function parseInput(req: HttpRequestLike): SendEmailInput {
  const parsed = sendEmailInputSchema.safeParse(readJsonBody(req));
  if (!parsed.success) throw new HttpFailure(400, validationMessage(parsed.error));
  return parsed.data;
}

function bearerToken(req: HttpRequestLike): string {
  const token = bearerTokenOf(req);
  if (!token) throw new HttpFailure(401, ERROR_MESSAGES.unauthenticated);
  return token;
}

function requiredEmail(input: SendEmailInput): string {
  if (!input.email) throw new HttpFailure(400, VALIDATION_MESSAGES.invalidEmail);
  return input.email.trim().toLowerCase();
}

/** A message to send, or null when the answer is `{ok: true}` with nothing sent. */
async function buildEmail(
  req: HttpRequestLike,
  input: SendEmailInput,
  deps: SendEmailDeps,
): Promise<OutgoingEmail | null> {
  const limit = async (email: string) => {
    if (!(await deps.rateLimit(mailRateChecks(email, clientIp(req)))))
      throw new HttpFailure(429, TOO_MANY_ATTEMPTS);
  };
  const base = deps.appUrl();
  switch (input.type) {
    case "welcome": {
      const idToken = bearerToken(req);
      const caller = await deps.verifyIdToken(idToken).catch(() => {
        throw new HttpFailure(401, ERROR_MESSAGES.unauthenticated);
      });
      if (!caller.email) throw new HttpFailure(400, VALIDATION_MESSAGES.invalidEmail);
      const read = await deps.readUser(caller.uid);
      if (!read.ok) {
        if (read.reason === "invalid")
          logUnexpectedError("sendEmail: users document does not match the schema", undefined, {
            uid: caller.uid,
            detail: read.detail,
          });
        throw new HttpFailure(404, ERROR_MESSAGES.userDataNotFound);
      }
      await limit(caller.email);
      const { displayName, userType } = read.user;
      return composeEmail(caller.email, { type: "welcome", displayName, userType });
    }
    case "password-reset": {
      const email = requiredEmail(input);
      await limit(email);
      const link = await deps.passwordResetLink(email, `${base}${PASSWORD_RESET_CONTINUE_PATH}`);
      return link ? composeEmail(email, { type: "password-reset", link }) : null;
    }
    case "magic-link": {
      const email = requiredEmail(input);
      const userType = input.data.userType ?? DEFAULT_USER_TYPE;
      await limit(email);
      const link = await deps.signInLink(email, `${base}${EMAIL_LINK_CONTINUE_PATH}?userType=${userType}`);
      return composeEmail(email, { type: "magic-link", link, userType });
    }
  }
}

function failureMessage(type: EmailType | undefined): string {
  return type === "magic-link" ? ERROR_MESSAGES.magicLinkSend : ERROR_MESSAGES.generic;
}

export function createSendEmailHandler(deps: SendEmailDeps) {
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

    let type: EmailType | undefined;
    try {
      if (!originAllowed) throw new HttpFailure(403, ERROR_MESSAGES.permissionDenied);
      if (req.method !== "POST") throw new HttpFailure(405, VALIDATION_MESSAGES.invalidData);
      const input = parseInput(req);
      type = input.type;
      const email = await buildEmail(req, input, deps);
      if (email) await deps.mailer.send(email);
      res.status(200).json({ ok: true });
    } catch (error) {
      if (error instanceof HttpFailure) {
        res.status(error.status).json(error.body);
        return;
      }
      logUnexpectedError("sendEmail: not sent", error, { type, code: errorCode(error) });
      res.status(500).json({ ok: false, error: failureMessage(type) });
    }
  };
}

function isUnknownEmail(error: unknown): boolean {
  const code = errorCode(error);
  return code === "auth/email-not-found" || code === "auth/user-not-found";
}

/** The production dependencies: firebase-admin, our Firestore limits, SMTP. */
export function adminSendEmailDeps(): SendEmailDeps {
  return {
    verifyIdToken: async (idToken) => {
      const decoded = await adminAuth().verifyIdToken(idToken);
      return { uid: decoded.uid, email: decoded.email };
    },
    readUser: async (uid) => parseUserDoc((await userRef(adminDb(), uid).get()).data()),
    passwordResetLink: async (email, url) => {
      try {
        return await adminAuth().generatePasswordResetLink(email, { url });
      } catch (error) {
        if (isUnknownEmail(error)) return undefined;
        throw error;
      }
    },
    signInLink: (email, url) =>
      adminAuth().generateSignInWithEmailLink(email, { url, handleCodeInApp: true }),
    rateLimit: (checks) => hitRateLimits(adminDb(), checks),
    mailer: smtpTransport,
    appUrl,
  };
}

const handler = createSendEmailHandler(adminSendEmailDeps());

export const sendEmail = onRequest(sized("sendEmail", { region, invoker: "public" }), (req, res) =>
  handler(req, res),
);
