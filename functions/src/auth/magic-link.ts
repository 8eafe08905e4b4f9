import type { Auth } from "firebase-admin/auth";
import { type Firestore, Timestamp } from "firebase-admin/firestore";
import { HttpsError } from "firebase-functions/https";
import { z } from "zod";
import { paths } from "@/config/paths";
import {
  type CreateMagicLinkInput,
  type CreateMagicLinkOutput,
  createMagicLinkInputSchema,
  type VerifyMagicLinkInput,
  type VerifyMagicLinkOutput,
  verifyMagicLinkInputSchema,
} from "@/domain/boundary/callables";
import { COLLECTIONS } from "@/domain/core/collections";
import { ERROR_MESSAGES } from "@/domain/core/common-messages";
import { MAGIC_LINK_TTL_MS } from "@/domain/core/limits";
import { userTypeSchema } from "@/domain/core/user-type";
import { ACCOUNT_GUARD } from "@/domain/people/account-standing";
import { appUrl } from "../email/config";
import { composeEmail, type MailTransport } from "../email/send";
import { smtpTransport } from "../email/smtp-transport";
import { guardedCall } from "../lib/account-guard";
import { adminAuth, adminDb } from "../lib/admin";
import { clientIp } from "../lib/client-ip";
import { logUnexpectedError } from "../lib/error-log";
import { callableOptions } from "../lib/global-options";
import { parseCallableInput, rateLimitedError } from "../lib/http-errors";
import { hitRateLimits, mailRateChecks } from "../lib/rate-limit";
import { sized } from "../lib/sizing";
import { fromFirestore } from "../profiles/user-record";
import { releaseHeldRequestsQuietly } from "../requests/release-held";
import { ensureUserDocument, provenAuthUser } from "./accounts";
import {
  checkMagicLink,
  generateMagicLinkToken,
  hashMagicLinkToken,
  isWellFormedMagicLinkToken,
} from "./magic-link-token";
import { cloudWelcomeQueue, type WelcomeQueue, welcomeNewAccount } from "./welcome-email";

/**
 * The function-based magic link (architecture §5): a random token mailed as
 * `${APP_URL}/magic-link-auth?token=…`, stored only as `magicLinks/{sha256(token)}`
 * {email, userType, createdAt, expiresAt, usedAt}, valid 15 minutes, redeemed once.
 */
export const MAGIC_LINKS_COLLECTION = COLLECTIONS.magicLinks;
/** The SPA route that reads `?token=` (spec §2). */
export const MAGIC_LINK_ROUTE = paths.magicLinkAuth.path;

export interface MagicLinkDeps {
  db: Firestore;
  auth: Auth;
  mailer: MailTransport;
  /** A new account's welcome e-mail, sent off the sign-in's path (welcome-email.ts). */
  welcomeQueue: WelcomeQueue;
  appUrl: string;
  now: () => Date;
}

function defaultDeps(): MagicLinkDeps {
  return {
    db: adminDb(),
    auth: adminAuth(),
    mailer: smtpTransport,
    welcomeQueue: cloudWelcomeQueue(),
    appUrl: appUrl(),
    now: () => new Date(),
  };
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function magicLinkUrl(base: string, token: string): string {
  return `${base}${MAGIC_LINK_ROUTE}?token=${encodeURIComponent(token)}`;
}

/**
 * Creates and mails a link. Nothing here depends on whether the address has an account (no lookup
 * at all), so the answer and the work are the same for every address: a new address gets its
 * account when the link is redeemed.
 */
export async function requestMagicLink(
  input: CreateMagicLinkInput,
  ip: string | undefined,
  deps: MagicLinkDeps,
): Promise<CreateMagicLinkOutput> {
  const email = normalizeEmail(input.email);
  const now = deps.now();
  if (!(await hitRateLimits(deps.db, mailRateChecks(email, ip), now))) throw rateLimitedError();

  const token = generateMagicLinkToken();
  const ref = deps.db.collection(MAGIC_LINKS_COLLECTION).doc(hashMagicLinkToken(token));
  await ref.create({
    email,
    userType: input.userType,
    createdAt: Timestamp.fromDate(now),
    expiresAt: Timestamp.fromMillis(now.getTime() + MAGIC_LINK_TTL_MS),
    usedAt: null,
  });

  const link = magicLinkUrl(deps.appUrl, token);
  try {
    await deps.mailer.send(composeEmail(email, { type: "magic-link", link, userType: input.userType }));
  } catch (error) {
    logUnexpectedError("createMagicLink: the e-mail was not sent", error);
    // A link nobody received must not stay redeemable.
    await ref.delete().catch(() => undefined);
    throw new HttpsError("internal", ERROR_MESSAGES.magicLinkSend);
  }
  return { ok: true };
}

const storedLinkSchema = z.object({
  email: z.string().min(3),
  userType: userTypeSchema,
  expiresAt: z.date(),
  usedAt: z.date().nullable(),
});
type StoredLink = z.infer<typeof storedLinkSchema>;

function invalidToken(): HttpsError {
  return new HttpsError("failed-precondition", ERROR_MESSAGES.invalidOrExpiredToken);
}

/**
 * Redeems a token: marks it used in one transaction (so of two concurrent calls exactly one gets
 * past this point), then gets or creates the account and answers with a custom token. An account this
 * link created gets the welcome e-mail, as password and Google sign-ups do, queued so the sign-in does
 * not wait on SMTP. Unknown, malformed, expired and used tokens all get the same error.
 */
export async function redeemMagicLink(
  input: VerifyMagicLinkInput,
  deps: MagicLinkDeps,
): Promise<VerifyMagicLinkOutput> {
  if (!isWellFormedMagicLinkToken(input.token)) throw invalidToken();
  const ref = deps.db.collection(MAGIC_LINKS_COLLECTION).doc(hashMagicLinkToken(input.token));
  const link = await deps.db.runTransaction(async (tx): Promise<StoredLink | undefined> => {
    const now = deps.now();
    const parsed = storedLinkSchema.safeParse(fromFirestore((await tx.get(ref)).data()));
    if (!parsed.success || checkMagicLink(parsed.data, now) !== "ok") return undefined;
    tx.update(ref, { usedAt: Timestamp.fromDate(now) });
    return parsed.data;
  });
  if (!link) throw invalidToken();

  try {
    // An account nobody had proven the address of is reclaimed for the owner (accounts.ts).
    const { user, reclaimed } = await provenAuthUser(deps.auth, link.email);
    const account = await ensureUserDocument(
      deps.db,
      { uid: user.uid, email: link.email, userType: link.userType, reclaimed },
      deps.now(),
    );
    const welcome = account.created
      ? welcomeNewAccount({ db: deps.db, mail: deps.mailer, welcomeQueue: deps.welcomeQueue }, user.uid)
      : undefined;
    // The address is proven now: requests held until then reach the shops.
    await releaseHeldRequestsQuietly(deps.db, user.uid, deps.now());
    const customToken = await deps.auth.createCustomToken(user.uid);
    await welcome;
    return { customToken, userType: account.userType, email: link.email };
  } catch (error) {
    if (error instanceof HttpsError) throw error;
    logUnexpectedError("verifyMagicLink: sign-in failed after the link was redeemed", error);
    throw new HttpsError("internal", ERROR_MESSAGES.magicLinkVerify);
  }
}

/** `createMagicLink({email, userType})` → `{ok: true}`; limited per (e-mail, client IP) and per client IP. */
export const createMagicLink = guardedCall(
  ACCOUNT_GUARD.public,
  sized("createMagicLink", callableOptions),
  async (request): Promise<CreateMagicLinkOutput> => {
    const input = parseCallableInput(createMagicLinkInputSchema, request.data);
    return requestMagicLink(input, clientIp(request.rawRequest), defaultDeps());
  },
);

/** `verifyMagicLink({token})` → `{customToken, userType, email}`. */
export const verifyMagicLink = guardedCall(
  ACCOUNT_GUARD.public,
  sized("verifyMagicLink", callableOptions),
  async (request): Promise<VerifyMagicLinkOutput> => {
    const input = parseCallableInput(verifyMagicLinkInputSchema, request.data);
    return redeemMagicLink(input, defaultDeps());
  },
);
