import {
  collection,
  type DocumentReference,
  type DocumentSnapshot,
  doc,
  type Firestore,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  where,
} from "firebase/firestore";
import { type Conversation, mergeConversations } from "@/domain/conversation";
import { getDb } from "@/lib/firebase";
import { CONVERSATIONS_COLLECTION, parseConversation } from "./conversation-doc";

/**
 * conversations/{id} (spec §3-§4) with the full SDK, for the screens that follow chats live. A
 * conversation is opened by the offer's merchant right after the offer, in the same batch, with the
 * offer's id as its own (./offers.ts saveOffer, over Firestore Lite). The document's shape and parser
 * live in ./conversation-doc.ts (re-exported here).
 */
export { CONVERSATIONS_COLLECTION, newConversationFields, parseConversation } from "./conversation-doc";

function readSnapshot(snapshot: DocumentSnapshot): Conversation | null {
  if (!snapshot.exists()) return null;
  return parseConversation(snapshot.id, snapshot.data({ serverTimestamps: "estimate" }));
}

export function conversationRef(db: Firestore, id: string): DocumentReference {
  return doc(db, CONVERSATIONS_COLLECTION, id);
}

/** A conversation by id, or null when there is none (participants only). */
export async function getConversation(id: string): Promise<Conversation | null> {
  return readSnapshot(await getDoc(conversationRef(await getDb(), id)));
}

/**
 * The user's conversations (spec §7): one query as buyer, one as merchant (each provably allowed by the
 * rules), merged and sorted by the latest update.
 */
export async function listUserConversations(uid: string, max = 50): Promise<Conversation[]> {
  const db = await getDb();
  const side = (field: "participants.customerId" | "participants.merchantId") =>
    getDocs(
      query(
        collection(db, CONVERSATIONS_COLLECTION),
        where(field, "==", uid),
        orderBy("updatedAt", "desc"),
        limit(max),
      ),
    );
  const [asCustomer, asMerchant] = await Promise.all([
    side("participants.customerId"),
    side("participants.merchantId"),
  ]);
  const read = (docs: DocumentSnapshot[]) =>
    docs.map(readSnapshot).filter((conversation): conversation is Conversation => conversation !== null);
  return mergeConversations(read(asCustomer.docs), read(asMerchant.docs)).slice(0, max);
}
