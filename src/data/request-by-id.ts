import type { DocumentSnapshot } from "firebase/firestore/lite";
import { COLLECTIONS } from "@/domain/core/collections";
import type { Request } from "@/domain/marketplace/request";
import { isPresent } from "./document";
import { isPermissionDenied, withFirestoreLite } from "./listen";
import { parseRequest } from "./request-parsing";
import { inSlices } from "./slices";

/**
 * One request by id, apart from ./requests.ts (the buyer's lists, the cancellation and the merchant
 * feed): the chat and the shop's offers read a conversation's request and need none of the rest.
 * Firestore Lite loads with the read, so the chat's code does not wait for Firebase.
 */

/** The request in a snapshot; null when it does not exist or is malformed. */
export function readRequestSnapshot(snapshot: DocumentSnapshot): Request | null {
  if (!snapshot.exists()) return null;
  return parseRequest(snapshot.id, snapshot.data());
}

/** A read's request documents, parsed in slices (./slices.ts); malformed ones left out. */
export async function readRequestSnapshots(snapshots: readonly DocumentSnapshot[]): Promise<Request[]> {
  return (await inSlices(snapshots, readRequestSnapshot)).filter(isPresent);
}

/**
 * A request by id; null when it does not exist, is malformed, or the rules hide it (a merchant sees
 * only active requests and those they have an offer on: to them any other request does not exist).
 */
export function getRequest(id: string): Promise<Request | null> {
  return withFirestoreLite(async (fs, db) => {
    try {
      const [request] = await readRequestSnapshots([await fs.getDoc(fs.doc(db, COLLECTIONS.requests, id))]);
      return request ?? null;
    } catch (error) {
      if (isPermissionDenied(error)) return null;
      throw error;
    }
  });
}
