import { doc, getDoc } from "firebase/firestore/lite";
import { type PublicProfile, publicProfileSchema } from "@/domain/user";
import { getLiteDb } from "./firestore-lite";
import { fromFirestoreValue } from "./firestore-values";

/**
 * profiles/{uid}: the public projection of a user (architecture §2), written only by functions and
 * readable by any signed-in user. Read-only here, over Firestore Lite (one-shot reads).
 */
export const PROFILES_COLLECTION = "profiles";

/** The public profile, or null when there is none yet (or it is malformed, with a warning). */
export async function getPublicProfile(uid: string): Promise<PublicProfile | null> {
  const snapshot = await getDoc(doc(await getLiteDb(), PROFILES_COLLECTION, uid));
  if (!snapshot.exists()) return null;
  const parsed = publicProfileSchema.safeParse(fromFirestoreValue(snapshot.data()));
  if (parsed.success) return parsed.data;
  console.warn(`Profilo ${uid} ignorato: dati non validi`, parsed.error.issues);
  return null;
}
