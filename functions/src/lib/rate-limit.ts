import { createHash } from "node:crypto";
import { isIP } from "node:net";
import { type Firestore, Timestamp, type Transaction } from "firebase-admin/firestore";
import { COLLECTIONS } from "@/domain/core/collections";
import { clientIpKey } from "./client-ip";
import {
  decideRate,
  EMAIL_RATE_POLICY,
  IP_RATE_POLICY,
  IPV4_RATE_POLICY,
  type RatePolicy,
  type RateWindow,
} from "./rate-limit-policy";

/**
 * Fixed-window counters in `rateLimits/{sha256(key)}` (no client access, see firestore.rules).
 * The key is hashed so that the collection holds no e-mail address or IP in clear; `expiresAt`
 * lets a Firestore TTL policy delete finished windows.
 */
export const RATE_LIMITS_COLLECTION = COLLECTIONS.rateLimits;

export interface RateLimitCheck {
  /** e.g. `mail:email:anna@example.it`; hashed before use. */
  key: string;
  policy: RatePolicy;
}

export function rateLimitDocId(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

interface StoredWindow {
  windowStart?: unknown;
  count?: unknown;
}

function toWindow(data: StoredWindow | undefined): RateWindow | undefined {
  if (!data || !(data.windowStart instanceof Timestamp) || typeof data.count !== "number") return undefined;
  return { windowStart: data.windowStart.toDate(), count: data.count };
}

/**
 * Counts one hit against every check in one transaction; all-or-nothing: when any check refuses,
 * nothing is counted and the answer is false.
 */
export async function hitRateLimits(
  db: Firestore,
  checks: readonly RateLimitCheck[],
  now: Date = new Date(),
): Promise<boolean> {
  const unique = [...new Map(checks.map((check) => [rateLimitDocId(check.key), check])).entries()];
  if (unique.length === 0) return true;
  const refs = unique.map(([id]) => db.collection(RATE_LIMITS_COLLECTION).doc(id));
  return db.runTransaction(async (tx) => {
    const snapshots = await tx.getAll(...refs);
    const decisions = unique.map(([, check], i) => ({
      check,
      decision: decideRate(toWindow(snapshots[i]?.data() as StoredWindow | undefined), check.policy, now),
    }));
    if (decisions.some(({ decision }) => !decision.allowed)) return false;
    decisions.forEach(({ check, decision }, i) => {
      const ref = refs[i];
      if (!ref) return;
      tx.set(ref, {
        windowStart: Timestamp.fromDate(decision.next.windowStart),
        count: decision.next.count,
        expiresAt: Timestamp.fromMillis(decision.next.windowStart.getTime() + check.policy.windowMs),
      });
    });
    return true;
  });
}

/**
 * Counts one hit of `check` inside the caller's transaction, so that the hit and the write it
 * guards commit together (or not at all). It reads first, then writes: call it after the
 * transaction's other reads and before its other writes. False, and nothing counted, when refused.
 */
export async function hitRateLimitInTransaction(
  tx: Transaction,
  db: Firestore,
  check: RateLimitCheck,
  now: Date,
): Promise<boolean> {
  const ref = db.collection(RATE_LIMITS_COLLECTION).doc(rateLimitDocId(check.key));
  const decision = decideRate(
    toWindow((await tx.get(ref)).data() as StoredWindow | undefined),
    check.policy,
    now,
  );
  if (!decision.allowed) return false;
  tx.set(ref, {
    windowStart: Timestamp.fromDate(decision.next.windowStart),
    count: decision.next.count,
    expiresAt: Timestamp.fromMillis(decision.next.windowStart.getTime() + check.policy.windowMs),
  });
  return true;
}

/**
 * The limits of every endpoint that sends e-mail, shared between them. The per-address limit counts
 * an address from one client address: someone hammering victim@ from their IP uses up only their
 * own (address, IP) window, never the victim's sign-in or reset e-mails from elsewhere. One client
 * address is also held to a ceiling over all addresses: IPV4_RATE_POLICY for an IPv4 address (maybe a
 * carrier's, shared), IP_RATE_POLICY for an IPv6 /64 or an unknown address. `ip` is clientIp()'s answer
 * (client-ip.ts), not a client-chosen X-Forwarded-For entry; an IPv6 client counts per /64.
 */
export function mailRateChecks(email: string, ip: string | undefined): RateLimitCheck[] {
  const client = clientIpKey(ip);
  // An IPv4 address may be a carrier's, shared by thousands (CGNAT): its own ceiling is far higher.
  const shared = isIP(client) === 4;
  return [
    { key: `mail:email-ip:${email.trim().toLowerCase()}|${client}`, policy: EMAIL_RATE_POLICY },
    { key: `mail:ip:${client}`, policy: shared ? IPV4_RATE_POLICY : IP_RATE_POLICY },
  ];
}
