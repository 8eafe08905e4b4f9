import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Firestore } from "firebase-admin/firestore";
import { COLLECTIONS } from "@/domain/core/collections";
import { type NotificationKind, notificationKindSchema } from "@/domain/notifications/notifications";
import { appUrl } from "../email/config";

/**
 * The one-click unsubscribe link of a notification e-mail: /api/unsubscribe?token=<uid.kind>.<HMAC>,
 * signed with a random key the functions create on first use in notificationState/unsubscribe-key
 * (functions only: the rules' catch-all). No expiry: an old e-mail's link keeps working, as the
 * List-Unsubscribe convention expects; it can only switch off one kind of e-mail for one user.
 */
const KEY_DOC = "unsubscribe-key";

let cachedKey: { db: Firestore; key: Buffer } | undefined;

async function signingKey(db: Firestore): Promise<Buffer> {
  if (cachedKey?.db === db) return cachedKey.key;
  const ref = db.collection(COLLECTIONS.notificationState).doc(KEY_DOC);
  const key = await db.runTransaction(async (tx) => {
    const stored = (await tx.get(ref)).data()?.key;
    if (typeof stored === "string" && stored.length > 0) return Buffer.from(stored, "base64");
    const fresh = randomBytes(32);
    tx.create(ref, { key: fresh.toString("base64") });
    return fresh;
  });
  cachedKey = { db, key };
  return key;
}

function sign(key: Buffer, payload: string): string {
  return createHmac("sha256", key).update(payload).digest("base64url");
}

export async function unsubscribeToken(db: Firestore, uid: string, kind: NotificationKind): Promise<string> {
  const payload = Buffer.from(`${uid}.${kind}`).toString("base64url");
  return `${payload}.${sign(await signingKey(db), payload)}`;
}

export async function unsubscribeUrl(db: Firestore, uid: string, kind: NotificationKind): Promise<string> {
  return `${appUrl()}/api/unsubscribe?${new URLSearchParams({ token: await unsubscribeToken(db, uid, kind) })}`;
}

/** The user and kind a token names, or undefined when it is malformed or its signature is wrong. */
export async function readUnsubscribeToken(
  db: Firestore,
  token: string,
): Promise<{ uid: string; kind: NotificationKind } | undefined> {
  const [payload, signature, extra] = token.split(".");
  if (!payload || !signature || extra !== undefined) return undefined;
  const expected = Buffer.from(sign(await signingKey(db), payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  const decoded = Buffer.from(payload, "base64url").toString("utf8");
  const dot = decoded.lastIndexOf(".");
  const kind = notificationKindSchema.safeParse(decoded.slice(dot + 1));
  const uid = decoded.slice(0, dot);
  if (dot <= 0 || !kind.success) return undefined;
  return { uid, kind: kind.data };
}
