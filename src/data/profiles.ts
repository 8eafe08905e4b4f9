import { doc, getDoc } from "firebase/firestore/lite";
import { COLLECTIONS } from "@/domain/core/collections";
import { type PublicProfile, publicProfileSchema } from "@/domain/people/user";
import { parseDocument } from "./document";
import { getLiteDb } from "./firestore-lite";

/**
 * profiles/{uid}: the public projection of a user (architecture §2), written only by functions and
 * readable by any signed-in user. Read-only here, over Firestore Lite (one-shot reads).
 */
/** The public profile, or null when there is none yet (or it is malformed, with a warning). */
export async function getPublicProfile(uid: string): Promise<PublicProfile | null> {
  const snapshot = await getDoc(doc(await getLiteDb(), COLLECTIONS.profiles, uid));
  if (!snapshot.exists()) return null;
  return parseDocument(
    publicProfileSchema,
    snapshot.data(),
    null,
    `Profilo ${uid} ignorato: dati non validi`,
  );
}
