import type { DocumentData } from "firebase/firestore";
import { COLLECTIONS, CONVERSATION_FIELDS } from "@/domain/core/collections";
import { type Conversation, conversationSchema, mergeConversations } from "@/domain/marketplace/conversation";
import { isPresent, parseDocument } from "./document";
import { isPermissionDenied, withFirestoreLite } from "./listen";
import { inSlices } from "./slices";

/**
 * conversations/{id} (spec §3-§4, §7). A conversation is opened by the offer's merchant right after the
 * offer, in the same batch, with the offer's id as its own (./offers.ts saveOffer, over Firestore Lite,
 * with the domain's builder: src/domain/marketplace/conversation-document.ts); the messages screen follows the
 * user's conversations live (full SDK, loaded by ./listen.ts).
 */

const DEFAULT_MAX_CONVERSATIONS = 50;

/** The conversation in a document, or null (with a warning) when it does not match the schema. */
export function parseConversation(id: string, data: DocumentData | undefined): Conversation | null {
  return parseDocument(conversationSchema, data, id, `Conversazione ${id} ignorata: dati non validi`);
}

type ReadDocument = { id: string; exists: () => boolean; data: () => DocumentData | undefined };

/** A one-shot read's conversations, parsed in slices (./slices.ts); malformed or missing ones left out. */
async function readConversationsInSlices(documents: readonly ReadDocument[]): Promise<Conversation[]> {
  const read = (item: ReadDocument) => (item.exists() ? parseConversation(item.id, item.data()) : null);
  return (await inSlices(documents, read)).filter(isPresent);
}

type Side = typeof CONVERSATION_FIELDS.customerId | typeof CONVERSATION_FIELDS.merchantId;

/**
 * The user's conversations once (spec §7: participants.customerId == uid and participants.merchantId ==
 * uid, each newest update first, merged without duplicates), over Firestore Lite. No listener: the
 * screens read again what the user's news names (src/lib/news.ts).
 */
export function readUserConversations(uid: string, max = DEFAULT_MAX_CONVERSATIONS): Promise<Conversation[]> {
  return withFirestoreLite(async (fs, db) => {
    const side = async (field: Side) => {
      const snapshot = await fs.getDocs(
        fs.query(
          fs.collection(db, COLLECTIONS.conversations),
          fs.where(field, "==", uid),
          fs.orderBy(CONVERSATION_FIELDS.updatedAt, "desc"),
          fs.limit(max),
        ),
      );
      return readConversationsInSlices(snapshot.docs);
    };
    const [asCustomer, asMerchant] = await Promise.all([
      side(CONVERSATION_FIELDS.customerId),
      side(CONVERSATION_FIELDS.merchantId),
    ]);
    return mergeConversations(asCustomer, asMerchant).slice(0, max);
  });
}

/** One conversation once (Firestore Lite); null when it does not exist, is malformed, or the rules hide it. */
export function readConversation(id: string): Promise<Conversation | null> {
  return withFirestoreLite(async (fs, db) => {
    try {
      const snapshot = await fs.getDoc(fs.doc(db, COLLECTIONS.conversations, id));
      const [conversation] = await readConversationsInSlices([snapshot]);
      return conversation ?? null;
    } catch (error) {
      if (isPermissionDenied(error)) return null;
      throw error;
    }
  });
}
