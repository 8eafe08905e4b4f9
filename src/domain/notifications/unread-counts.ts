import { z } from "zod";
import { idSchema } from "../core/fields.ts";
import { UNREAD_BADGE_CAP } from "../marketplace/message.ts";

/**
 * unreadCounts/{uid}: what the user has not read yet, per conversation, in one document the functions
 * keep (onMessageCreated counts a message for its recipient, submitOffer marks a new offer unread), so
 * the header's 'Messaggi' badge and the conversation list's badges follow one document with one
 * listener instead of every conversation's latest messages. The owner reads it and may only take
 * conversations off it (opening a chat reads it); firestore.rules refuses every other client write.
 *
 * There is no stored total: it is the sum of the entries (unreadTotal), so nothing can drift between
 * the two, and the owner's clearing write stays a plain removal the rules can judge.
 */

/**
 * How many of a conversation's last counted message ids its entry keeps. Firestore triggers are
 * delivered at least once and in no set order: a message whose id is among these is not counted again.
 */
export const UNREAD_COUNTED_IDS = 10;

/** One conversation's unread state for the document's owner. */
export const unreadEntrySchema = z.object({
  /** Messages of the other side not read yet, up to UNREAD_BADGE_CAP ("50+" from there). */
  messages: z.number().int().min(0).default(0),
  /** A new offer the buyer has not opened yet (submitOffer sets it). */
  offer: z.boolean().default(false),
  /** The ids of the last UNREAD_COUNTED_IDS messages counted, oldest first. */
  counted: z.array(idSchema).default([]),
});
export type UnreadEntry = z.infer<typeof unreadEntrySchema>;

/**
 * The document: conversation id → its entry (a conversation with nothing unread has no entry), and the
 * bell's count: notifications created since the user last opened the bell (the functions add one with
 * each notification they write; opening the bell sets it back to 0, the one value the rules let the
 * owner write). So the bell's badge costs no read of its own on a page load: it comes with this
 * document, which the header follows anyway; the notifications themselves load when the bell opens.
 */
export const unreadCountsSchema = z.object({
  conversations: z.record(z.string(), unreadEntrySchema).default({}),
  notifications: z.number().int().min(0).optional().catch(undefined),
  /**
   * How many times the other side moved one of the user's deals without notifying them (the buyer
   * rated the shop's sale): news for the screens that show the deal, never a badge.
   */
  deals: z.number().int().min(0).optional().catch(undefined),
  /** When the functions last counted something for the user (the client never writes it). */
  changedAt: z.date().optional().catch(undefined),
});
export type UnreadCounts = z.infer<typeof unreadCountsSchema>;

/** Nothing unread: the document of a user who has none yet. */
export const NO_UNREAD: UnreadCounts = { conversations: {} };

/** Notifications new since the bell was last opened (the bell's badge). */
export function newNotifications(counts: UnreadCounts | null | undefined): number {
  return counts?.notifications ?? 0;
}

/**
 * The entry once `messageId` is counted, or null when it already was (a redelivered trigger). The count
 * stops at UNREAD_BADGE_CAP, where every badge reads "50+".
 */
export function countMessage(entry: UnreadEntry | undefined, messageId: string): UnreadEntry | null {
  const current = entry ?? { messages: 0, offer: false, counted: [] };
  if (current.counted.includes(messageId)) return null;
  return {
    ...current,
    messages: Math.min(current.messages + 1, UNREAD_BADGE_CAP),
    counted: [...current.counted, messageId].slice(-UNREAD_COUNTED_IDS),
  };
}

/** What one conversation shows as unread: its messages, and its new offer as one more. */
export function unreadIn(counts: UnreadCounts | null | undefined, conversationId: string): number {
  const entry = counts?.conversations[conversationId];
  return entry ? entry.messages + (entry.offer ? 1 : 0) : 0;
}

/**
 * The unread total across conversations (the header's badge). The conversation open on screen is left
 * out: its chat marks what arrives read. `among`, when given, limits the sum to those conversations
 * (the list adds up the rows it shows).
 */
export function unreadTotal(
  counts: UnreadCounts | null | undefined,
  openConversationId?: string,
  among?: readonly string[],
): number {
  const ids = among ?? Object.keys(counts?.conversations ?? {});
  return ids.reduce((total, id) => (id === openConversationId ? total : total + unreadIn(counts, id)), 0);
}

/**
 * Writes of unreadCounts/{uid}, merged into the document (set with merge), so each touches only its
 * conversation. `remove` is the writer's delete sentinel (the client's deleteField(), the admin SDK's
 * FieldValue.delete()).
 */
export const unreadWrites = {
  /** The functions: one more message counted (countMessage's entry). */
  message: (conversationId: string, entry: UnreadEntry) => ({
    conversations: { [conversationId]: { messages: entry.messages, counted: entry.counted } },
  }),
  /** The functions: the conversation's new offer is unread. */
  offer: (conversationId: string) => ({ conversations: { [conversationId]: { offer: true } } }),
  /** The owner: the bell was opened, nothing new in it any more. */
  notificationsSeen: () => ({ notifications: 0 }),
  /** The owner (a chat read) or the functions (a conversation deleted): the entry goes. */
  clear: <Remove>(conversationId: string, remove: () => Remove) => ({
    conversations: { [conversationId]: remove() },
  }),
};

/** What arrived for the user between two snapshots of their unread counts (newsBetween). */
export type News = {
  /** The bell counts more notifications than before (every notifying event: an offer accepted, …). */
  notifications: boolean;
  /** A deal of the user's moved without a notification (a rating received). */
  deals: boolean;
  /** Conversations whose new offer appeared. */
  offers: string[];
  /** Conversations with more unread messages than before. */
  messages: string[];
};

/**
 * What the functions told the user between two snapshots of unreadCounts/{uid}, which every signed-in
 * page follows anyway: screens read their data once and read again only what this says arrived
 * (src/lib/news.ts), instead of a listener of their own on every list. Going down (the bell opened, a
 * chat read) is not news.
 */
export function newsBetween(before: UnreadCounts, after: UnreadCounts): News {
  const offers: string[] = [];
  const messages: string[] = [];
  for (const [id, entry] of Object.entries(after.conversations)) {
    const earlier = before.conversations[id];
    if (entry.offer && !earlier?.offer) offers.push(id);
    if (entry.messages > (earlier?.messages ?? 0)) messages.push(id);
  }
  return {
    notifications: (after.notifications ?? 0) > (before.notifications ?? 0),
    deals: (after.deals ?? 0) > (before.deals ?? 0),
    offers,
    messages,
  };
}

/**
 * The first snapshot a page gets: what the screens have just read may already be older than what it
 * says when the functions counted something shortly before or since (a deal decided while the page
 * loaded). Then everything it holds counts as news, once; otherwise nothing does.
 */
export function newsAtFirstSnapshot(counts: UnreadCounts, readSince: Date, margin: number): News {
  const changedAt = counts.changedAt?.getTime();
  if (changedAt === undefined || changedAt < readSince.getTime() - margin) {
    return { notifications: false, deals: false, offers: [], messages: [] };
  }
  const entries = Object.entries(counts.conversations);
  return {
    notifications: true,
    deals: true,
    offers: entries.filter(([, entry]) => entry.offer).map(([id]) => id),
    messages: entries.filter(([, entry]) => entry.messages > 0).map(([id]) => id),
  };
}

/** Whether anything at all arrived, leaving out the messages of `except` (the chat open on screen). */
export function anyNews(news: News, except?: string): boolean {
  return (
    news.notifications || news.deals || news.offers.length > 0 || news.messages.some((id) => id !== except)
  );
}
