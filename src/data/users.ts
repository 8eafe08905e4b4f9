import {
  type DocumentData,
  doc,
  type FirestoreDataConverter,
  getDoc,
  serverTimestamp,
  setDoc,
  updateDoc,
} from "firebase/firestore/lite";
import { COLLECTIONS } from "@/domain/collections";
import {
  type NewUserInput,
  newUserInputSchema,
  type ProfileUpdate,
  profileUpdateSchema,
  type User,
  userSchema,
} from "@/domain/user";
import { fromFirestoreValue, withoutUndefined } from "./document";
import { getLiteDb } from "./firestore-lite";
import { lazyListen } from "./listen";

/**
 * users/{uid}: the private user document (owner-only; spec §3, architecture §2). Reads, sign-up
 * and profile writes go through Firestore Lite (see firestore-lite.ts); `subscribeUser` listens with
 * the full SDK, which ./listen.ts loads on first use (it is not part of any page's initial JS).
 */
export const USERS_COLLECTION = COLLECTIONS.users;

/** Firestore data → User, checked with the domain schema (throws when the document does not match). */
export function parseUser(data: DocumentData): User {
  return userSchema.parse(fromFirestoreValue(data));
}

export const userConverter: FirestoreDataConverter<User, DocumentData> = {
  toFirestore: (user) => user as DocumentData,
  fromFirestore: (snapshot) => parseUser(snapshot.data()),
};

async function userRef(uid: string) {
  return doc(await getLiteDb(), COLLECTIONS.users, uid).withConverter(userConverter);
}

/** The user document, or null when there is none. */
export async function getUser(uid: string): Promise<User | null> {
  const snapshot = await getDoc(await userRef(uid));
  return snapshot.exists() ? snapshot.data() : null;
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
  const stop = lazyListen(
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
    (error) => {
      if (stopped) return;
      stopped = true;
      stop();
      listener.error(error);
    },
  );
  return () => {
    stopped = true;
    stop();
  };
}

/** What a sign-up writes; `photoURL` only for Google accounts. */
export type NewUserDoc = Pick<NewUserInput, "uid" | "email" | "displayName" | "userType" | "isVerified"> & {
  photoURL?: string | null;
};

/**
 * Creates users/{uid} in exactly the sign-up shape the rules allow: id, uid, email, displayName,
 * userType, isVerified, photoURL (Google only), createdAt and updatedAt as server timestamps.
 * Never tokens, ratings or learning fields: only functions write those.
 */
export async function createUserDoc(input: NewUserDoc): Promise<void> {
  const parsed = newUserInputSchema.parse({ ...input, id: input.uid });
  await setDoc(doc(await getLiteDb(), COLLECTIONS.users, parsed.uid), {
    id: parsed.id,
    uid: parsed.uid,
    email: parsed.email,
    displayName: parsed.displayName,
    userType: parsed.userType,
    isVerified: parsed.isVerified,
    ...(parsed.photoURL ? { photoURL: parsed.photoURL } : {}),
    createdAt: serverTimestamp(),
    updatedAt: serverTimestamp(),
  });
}

/** Changes the user's own editable fields (PROFILE_EDITABLE_FIELDS) and updatedAt, nothing else. */
export async function updateUserProfile(uid: string, update: ProfileUpdate): Promise<void> {
  const parsed = profileUpdateSchema.parse(update);
  await updateDoc(doc(await getLiteDb(), COLLECTIONS.users, uid), {
    ...withoutUndefined(parsed),
    updatedAt: serverTimestamp(),
  });
}
