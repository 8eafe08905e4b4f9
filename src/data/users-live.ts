import { doc, onSnapshot } from "firebase/firestore";
import type { User } from "@/domain/user";
import { getDb } from "@/lib/firebase";
import { reportingRefusals } from "./messages";
import { parseUser, USERS_COLLECTION, type UserListener } from "./users";

/**
 * The live listener of users/{uid} with the full Firestore SDK, loaded on demand by
 * `subscribeUser` (users.ts). Pending server timestamps read as local estimates; a document that
 * does not match the schema is reported as an error and ends the listener.
 */
export function listenToUser(uid: string, listener: UserListener): () => void {
  let stopped = false;
  let unsubscribe: (() => void) | undefined;
  const fail = reportingRefusals((error: unknown) => {
    if (stopped) return;
    stopped = true;
    unsubscribe?.();
    listener.error(error);
  });
  getDb().then((db) => {
    if (stopped) return;
    unsubscribe = onSnapshot(
      doc(db, USERS_COLLECTION, uid),
      (snapshot) => {
        let user: User | null;
        try {
          const data = snapshot.data({ serverTimestamps: "estimate" });
          user = data ? parseUser(data) : null;
        } catch (error) {
          fail(error);
          return;
        }
        if (!stopped) listener.next(user);
      },
      fail,
    );
  }, fail);
  return () => {
    stopped = true;
    unsubscribe?.();
  };
}
