import type {
  DocumentReference,
  DocumentSnapshot,
  Firestore,
  QuerySnapshot,
  Unsubscribe,
} from "firebase/firestore";
import { type Conversation, mergeConversations } from "@/domain/conversation";
import type { Offer } from "@/domain/offer";
import type { Request } from "@/domain/request";
import { CONVERSATIONS_COLLECTION, parseConversation } from "./conversation-doc";
import { type FirestoreSdk, type Listener, lazyListen } from "./messages";
import { OFFERS_COLLECTION, parseOffer } from "./offers";
import { parseRequest, REQUESTS_COLLECTION } from "./requests";

/**
 * Live reads for the messages screen (architecture §3: realtime screens subscribe with onSnapshot and the
 * feature pushes what arrives into the react-query cache): the user's conversations, one conversation,
 * and the offer and request a conversation is about (so each side sees accept / reject / complete live).
 */

const DEFAULT_MAX_CONVERSATIONS = 50;

function readConversations(snapshot: QuerySnapshot): Conversation[] {
  return snapshot.docs
    .map((item) => parseConversation(item.id, item.data({ serverTimestamps: "estimate" })))
    .filter((conversation): conversation is Conversation => conversation !== null);
}

/**
 * The user's conversations (spec §7): participants.customerId == uid and participants.merchantId == uid,
 * each newest update first, merged without duplicates. Emits once both sides have answered.
 */
export function subscribeToUserConversations(
  uid: string,
  listener: Listener<Conversation[]>,
  max = DEFAULT_MAX_CONVERSATIONS,
): Unsubscribe {
  return lazyListen((fs, db, fail) => {
    let asCustomer: Conversation[] | null = null;
    let asMerchant: Conversation[] | null = null;
    const emit = () => {
      if (asCustomer && asMerchant) listener.next(mergeConversations(asCustomer, asMerchant).slice(0, max));
    };
    const side = (
      field: "participants.customerId" | "participants.merchantId",
      set: (list: Conversation[]) => void,
    ) =>
      fs.onSnapshot(
        fs.query(
          fs.collection(db, CONVERSATIONS_COLLECTION),
          fs.where(field, "==", uid),
          fs.orderBy("updatedAt", "desc"),
          fs.limit(max),
        ),
        (snapshot) => {
          set(readConversations(snapshot));
          emit();
        },
        fail,
      );
    const stopCustomer = side("participants.customerId", (list) => {
      asCustomer = list;
    });
    const stopMerchant = side("participants.merchantId", (list) => {
      asMerchant = list;
    });
    return () => {
      stopCustomer();
      stopMerchant();
    };
  }, listener.error);
}

function isPermissionDenied(error: unknown): boolean {
  return typeof error === "object" && error !== null && "code" in error && error.code === "permission-denied";
}

/** One document, live; null when it does not exist, is malformed, or the rules hide it from the user. */
function subscribeToDocument<T>(
  path: (fs: FirestoreSdk, db: Firestore) => DocumentReference,
  read: (snapshot: DocumentSnapshot) => T | null,
  listener: Listener<T | null>,
): Unsubscribe {
  return lazyListen(
    (fs, db, fail) =>
      fs.onSnapshot(
        path(fs, db),
        (snapshot) => listener.next(snapshot.exists() ? read(snapshot) : null),
        (error) => (isPermissionDenied(error) ? listener.next(null) : fail(error)),
      ),
    listener.error,
  );
}

export function subscribeToConversation(id: string, listener: Listener<Conversation | null>): Unsubscribe {
  return subscribeToDocument(
    (fs, db) => fs.doc(db, CONVERSATIONS_COLLECTION, id),
    (snapshot) => parseConversation(snapshot.id, snapshot.data({ serverTimestamps: "estimate" })),
    listener,
  );
}

export function subscribeToOffer(id: string, listener: Listener<Offer | null>): Unsubscribe {
  return subscribeToDocument(
    (fs, db) => fs.doc(db, OFFERS_COLLECTION, id),
    (snapshot) => parseOffer(snapshot.id, snapshot.data({ serverTimestamps: "estimate" })),
    listener,
  );
}

export function subscribeToRequest(id: string, listener: Listener<Request | null>): Unsubscribe {
  return subscribeToDocument(
    (fs, db) => fs.doc(db, REQUESTS_COLLECTION, id),
    (snapshot) => parseRequest(snapshot.id, snapshot.data({ serverTimestamps: "estimate" })),
    listener,
  );
}
