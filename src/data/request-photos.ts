import { collection, type Firestore, getDocs, limit, query } from "firebase/firestore/lite";
import { COLLECTIONS, SUBCOLLECTIONS } from "@/domain/core/collections";
import {
  MAX_REQUEST_PHOTOS,
  type RequestPhoto,
  requestPhotoId,
  requestPhotoSchema,
} from "@/domain/marketplace/request-photo";
import { isPresent, parseDocument } from "./document";
import { getLiteDb } from "./firestore-lite";

/**
 * requests/{id}/photos (src/domain/marketplace/request-photo.ts): the buyer's photos, read one-shot over
 * Firestore Lite by whoever may read the request (firestore.rules). Written only by the publishing
 * callables: publishAlgoRequest and publishRequest ('Compila tu'), both in src/data/algo.ts.
 */

/**
 * The request's photos in the buyer's order (p1, p2, p3); a malformed one is skipped. `database`: the
 * app's own by default (tests pass a signed-in client's).
 */
export async function fetchRequestPhotos(requestId: string, database?: Firestore): Promise<RequestPhoto[]> {
  const db = database ?? (await getLiteDb());
  const snapshot = await getDocs(
    query(
      collection(db, COLLECTIONS.requests, requestId, SUBCOLLECTIONS.requestPhotos),
      limit(MAX_REQUEST_PHOTOS),
    ),
  );
  const order = (photo: RequestPhoto) =>
    Array.from({ length: MAX_REQUEST_PHOTOS }, (_, index) => requestPhotoId(index)).indexOf(photo.id);
  return snapshot.docs
    .map((photo) =>
      parseDocument(requestPhotoSchema, photo.data(), photo.id, `Foto ${photo.id} ignorata: dati non validi`),
    )
    .filter(isPresent)
    .sort((a, b) => order(a) - order(b));
}
