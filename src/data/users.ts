import { type DocumentData, doc, getDoc, serverTimestamp, setDoc, updateDoc } from "firebase/firestore/lite";
import { tokenPurchaseSchema } from "@/domain/billing/tokens";
import { COLLECTIONS } from "@/domain/core/collections";
import { latLngSchema } from "@/domain/geo/geo";
import { consentSchema } from "@/domain/legal/legal-consent";
import { shopSchema } from "@/domain/people/shop-verification";
import {
  learningProfileSchema,
  type ProfileUpdate,
  type User,
  userLocationSchema,
  userSchema,
} from "@/domain/people/user";
import { buildUserDocument, type NewUserDoc, profileUpdateDocument } from "@/domain/people/user-document";
import { fromFirestoreValue } from "./document";
import { getLiteDb } from "./firestore-lite";
import { lazyListen } from "./listen";
import { buildingSteps, inSlices } from "./slices";

/**
 * users/{uid}: the private user document (owner-only; spec §3, architecture §2). Reads, sign-up
 * and profile writes go through Firestore Lite (see firestore-lite.ts); `subscribeUser` listens with
 * the full SDK, which ./listen.ts loads on first use (it is not part of any page's initial JS).
 */
/** Firestore data → User, checked with the domain schema (throws when the document does not match). */
export function parseUser(data: DocumentData): User {
  return userSchema.parse(fromFirestoreValue(data));
}

/**
 * Builds the user document's schema ahead of the first read (schemas are built on first use, see
 * src/domain/core/lazy-schema.ts), in steps: its parts first, then the whole. The session runs one step per
 * task while that read is on the network, so neither the building nor the task that then parses the
 * document and renders the page is long (a phone's main thread stays responsive: Lighthouse's TBT).
 */
export const USER_PARSING_STEPS: readonly (() => void)[] = buildingSteps(
  latLngSchema,
  userLocationSchema,
  consentSchema,
  shopSchema,
  tokenPurchaseSchema,
  learningProfileSchema,
  userSchema,
);

/**
 * The user document, or null when there is none. Parsed in slices (./slices.ts): the schema's steps the
 * session has not run yet while the read was on the network run one per task before the parse.
 */
export async function getUser(uid: string): Promise<User | null> {
  const snapshot = await getDoc(doc(await getLiteDb(), COLLECTIONS.users, uid));
  const data = snapshot.data();
  if (!data) return null;
  const [user] = await inSlices([data], parseUser, USER_PARSING_STEPS);
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

/**
 * Creates users/{uid} in exactly the sign-up shape the rules allow (the domain's builder,
 * src/domain/people/user-document.ts), with server timestamps. Never tokens, ratings or learning fields: only
 * functions write those.
 */
export async function createUserDoc(input: NewUserDoc): Promise<void> {
  const document = buildUserDocument(input, serverTimestamp);
  await setDoc(doc(await getLiteDb(), COLLECTIONS.users, document.uid), document);
}

/** Changes the user's own editable fields (PROFILE_EDITABLE_FIELDS) and updatedAt, nothing else. */
export async function updateUserProfile(uid: string, update: ProfileUpdate): Promise<void> {
  await updateDoc(
    doc(await getLiteDb(), COLLECTIONS.users, uid),
    profileUpdateDocument(update, serverTimestamp),
  );
}
