import { type DocumentData, doc, getDoc, serverTimestamp, setDoc, updateDoc } from "firebase/firestore/lite";
import { COLLECTIONS } from "@/domain/core/collections";
import type { ProfileUpdate, User } from "@/domain/people/user";
import type { NewUserDoc } from "@/domain/people/user-document";
import { getLiteDb } from "./firestore-lite";
import { lazyListen } from "./listen";
import { inSlices } from "./slices";

/**
 * users/{uid}: the private user document (owner-only; spec §3, architecture §2). Reads, sign-up
 * and profile writes go through Firestore Lite (see firestore-lite.ts); `subscribeUser` listens with
 * the full SDK, which ./listen.ts loads on first use (it is not part of any page's initial JS).
 */
/** Firestore data → User, checked with the domain schema (throws when the document does not match). */
export type UserParser = (data: DocumentData) => User;

/**
 * The parser, from its own chunk (./user-parsing.ts): the session starts loading it with its first read,
 * so the schema is built in a task of its own while the read is on the network.
 */
export async function loadUserParser(): Promise<UserParser> {
  return (await import("./user-parsing")).parseUser;
}

/**
 * The user document, or null when there is none, parsed in slices (./slices.ts).
 */
export async function getUser(uid: string): Promise<User | null> {
  const parser = loadUserParser();
  const snapshot = await getDoc(doc(await getLiteDb(), COLLECTIONS.users, uid));
  const data = snapshot.data();
  if (!data) return null;
  const [user] = await inSlices([data], await parser);
  return user ?? null;
}

export type UserListener = {
  /** The document (null while it does not exist); called again on every change. */
  next: (user: User | null) => void;
  /** The read failed or the document does not match the schema; no further calls. */
  error: (error: unknown) => void;
};

/**
 * Live users/{uid}. Pending server timestamps read as local estimates; a document that does not match
 * the schema is reported as an error and ends the listener. Returns the unsubscribe function, safe to
 * call at once.
 */
export function subscribeUser(uid: string, listener: UserListener): () => void {
  let stopped = false;
  let stop: () => void = () => {};
  const failed = (error: unknown) => {
    if (stopped) return;
    stopped = true;
    stop();
    listener.error(error);
  };
  // The parser first (the session has usually loaded it already), so a snapshot never waits for it.
  loadUserParser().then((parseUser) => {
    if (stopped) return;
    stop = lazyListen(
      (fs, db, fail) =>
        fs.onSnapshot(
          fs.doc(db, COLLECTIONS.users, uid),
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
        ),
      failed,
    );
  }, failed);
  return () => {
    stopped = true;
    stop();
  };
}

/**
 * Creates users/{uid} in exactly the sign-up shape the rules allow (the domain's builder,
 * src/domain/people/user-document.ts), with server timestamps. Never tokens, ratings or learning fields: only
 * functions write those.
 */
export async function createUserDoc(input: NewUserDoc): Promise<void> {
  // The document builders (and the schemas they check with) load with the first write, not with the
  // session, which imports this module on every signed-in page.
  const { buildUserDocument } = await import("@/domain/people/user-document");
  const document = buildUserDocument(input, serverTimestamp);
  await setDoc(doc(await getLiteDb(), COLLECTIONS.users, document.uid), document);
}

/** Changes the user's own editable fields (PROFILE_EDITABLE_FIELDS) and updatedAt, nothing else. */
export async function updateUserProfile(uid: string, update: ProfileUpdate): Promise<void> {
  const { profileUpdateDocument } = await import("@/domain/people/user-document");
  await updateDoc(
    doc(await getLiteDb(), COLLECTIONS.users, uid),
    profileUpdateDocument(update, serverTimestamp),
  );
}
