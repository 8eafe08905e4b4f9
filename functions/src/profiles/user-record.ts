import {
  type DocumentData,
  type DocumentReference,
  type Firestore,
  Timestamp,
} from "firebase-admin/firestore";
import { COLLECTIONS } from "@/domain/core/collections";
import { type PublicProfile, toPublicProfile, type User, userSchema } from "@/domain/people/user";

/** users/{uid} (private, owner-only) and its public projection profiles/{uid} (functions only). */
export const USERS_COLLECTION = COLLECTIONS.users;
export const PROFILES_COLLECTION = COLLECTIONS.profiles;

export function userRef(db: Firestore, uid: string): DocumentReference {
  return db.collection(USERS_COLLECTION).doc(uid);
}

export function profileRef(db: Firestore, uid: string): DocumentReference {
  return db.collection(PROFILES_COLLECTION).doc(uid);
}

/** Firestore Timestamps → Date, deeply (the domain speaks Date). */
export function fromFirestore(value: unknown): unknown {
  if (value instanceof Timestamp) return value.toDate();
  if (Array.isArray(value)) return value.map(fromFirestore);
  if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fromFirestore(v)]));
  }
  return value;
}

export type UserRead =
  | { ok: true; user: User }
  | { ok: false; reason: "missing" | "invalid"; detail?: string };

/** A users/{uid} document checked against the domain schema. */
export function parseUserDoc(data: DocumentData | undefined): UserRead {
  if (!data) return { ok: false, reason: "missing" };
  const parsed = userSchema.safeParse(fromFirestore(data));
  if (parsed.success) return { ok: true, user: parsed.data };
  const issue = parsed.error.issues[0];
  return {
    ok: false,
    reason: "invalid",
    detail: issue ? `${issue.path.join(".")}: ${issue.message}` : undefined,
  };
}

/** The document profiles/{uid} holds: the projection only, so a field removed from the user disappears. */
export function profileDoc(user: User): PublicProfile {
  return toPublicProfile(user);
}
