import { COLLECTIONS } from "@/domain/core/collections";
import { type PublicProfile, publicProfileSchema } from "@/domain/people/user";
import { parseDocument } from "./document";
import { withFirestoreLite } from "./listen";

/**
 * profiles/{uid}: the public projection of a user (architecture §2), written only by functions and
 * readable by any signed-in user. Read-only here, over Firestore Lite (one-shot reads), which loads with
 * the read.
 */
/** The public profile, or null when there is none yet (or it is malformed, with a warning). */
export function getPublicProfile(uid: string): Promise<PublicProfile | null> {
  return withFirestoreLite(async (fs, db) => {
    const snapshot = await fs.getDoc(fs.doc(db, COLLECTIONS.profiles, uid));
    if (!snapshot.exists()) return null;
    return parseDocument(
      publicProfileSchema,
      snapshot.data(),
      null,
      `Profilo ${uid} ignorato: dati non validi`,
    );
  });
}
