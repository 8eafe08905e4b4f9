import type { DocumentData } from "firebase/firestore";
import { COLLECTIONS } from "@/domain/core/collections";
import { REQUEST_QUERY_LIMIT } from "@/domain/core/limits";
import { type Conversation, conversationSchema, mergeConversations } from "@/domain/marketplace/conversation";
import { isPresent, parseDocument, parseRestDocuments } from "./document";
import type { RestDocument } from "./firestore-rest";
import { isPermissionDenied, readLiteQuery, withFirestoreLite } from "./listen";
import { userConversationsQueries } from "./page-queries";
import { inSlices } from "./slices";

/**
 * conversations/{id} (spec §3-§4, §7). A conversation is opened by the offer's merchant right after the
 * offer, in the same batch, with the offer's id as its own (./offers.ts saveOffer, over Firestore Lite,
 * with the domain's builder: src/domain/marketplace/conversation-document.ts); the messages screen follows the
 * user's conversations live (full SDK, loaded by ./listen.ts).
 */

/** The conversations the list reads: the newest the rules let a list hold. */
export const CONVERSATION_LIST_MAX = REQUEST_QUERY_LIMIT;

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

/** Both sides' conversations merged without duplicates, newest update first, at most `max`. */
const mergedList = (sides: readonly Conversation[][], max: number) =>
  mergeConversations(sides[0] ?? [], sides[1] ?? []).slice(0, max);

/**
 * The user's conversations once (spec §7: participants.customerId == uid and participants.merchantId ==
 * uid, each newest update first, merged without duplicates), over Firestore Lite. No listener: the
 * screens read again what the user's news names (src/lib/news.ts).
 */
export async function readUserConversations(
  uid: string,
  max = CONVERSATION_LIST_MAX,
): Promise<Conversation[]> {
  const sides = await Promise.all(
    userConversationsQueries(uid, max).map(async (spec) =>
      readConversationsInSlices(await readLiteQuery(spec)),
    ),
  );
  return mergedList(sides, max);
}

/** The same list from its two queries' answers over REST (src/lib/first-read.ts), parsed in slices. */
export async function parseUserConversations(
  answers: readonly RestDocument[][],
  max = CONVERSATION_LIST_MAX,
): Promise<Conversation[]> {
  const sides = await Promise.all(answers.map(parseConversationDocuments));
  return mergedList(sides, max);
}

/** Conversation documents as a REST read brought them, parsed in slices; malformed ones left out. */
export function parseConversationDocuments(documents: readonly RestDocument[]): Promise<Conversation[]> {
  return parseRestDocuments(documents, parseConversation);
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
