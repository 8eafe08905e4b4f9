import type { DocumentData, Firestore } from "firebase-admin/firestore";
import { HttpsError } from "firebase-functions/https";
import { COLLECTIONS, REQUEST_PRIVATE_LOCATION_ID, SUBCOLLECTIONS } from "@/domain/core/collections";
import { type ExportMyDataOutput, exportFileName, exportMyDataInputSchema } from "@/domain/legal/privacy";
import { unreadCountsSchema } from "@/domain/notifications/unread-counts";
import { ACCOUNT_GUARD } from "@/domain/people/account-standing";
import { PRIVACY_MESSAGES } from "@/domain/people/trust-messages";
import { runDeal } from "../deals/deal-store";
import { guardedCall } from "../lib/account-guard";
import { adminDb } from "../lib/admin";
import { callableOptions } from "../lib/global-options";
import { parseCallableInput } from "../lib/http-errors";
import { hitRateLimits } from "../lib/rate-limit";
import { EXPORT_RATE_POLICY } from "../lib/rate-limit-policy";
import { sized } from "../lib/sizing";
import { unreadCountsRef } from "../notifications/unread-counts";
import {
  algoRecordsOf,
  blocksInvolving,
  conversationsOf,
  messagesWrittenIn,
  offersMadeBy,
  reportsBy,
  requestsOf,
  toJson,
  withId,
} from "./user-data";

type Json = Record<string, unknown>;

/** A field of a JSON object, if present. */
const pick = (doc: Json, key: string) => (key in doc ? { [key]: doc[key] } : {});

/**
 * What the user has not read yet, per conversation: the counts, not the ids of the other side's
 * messages the entries keep to count each once.
 */
function unreadRows(data: DocumentData | undefined): Json {
  const parsed = unreadCountsSchema.safeParse(data ?? {});
  if (!parsed.success) return {};
  return Object.fromEntries(
    Object.entries(parsed.data.conversations).map(([id, entry]) => [
      id,
      { messages: entry.messages, offer: entry.offer },
    ]),
  );
}

/**
 * Everything about `uid`, as JSON (GDPR art. 15 and 20): the account and its public profile, their
 * requests (with the exact place), the offers they made, the conversations they take part in with the
 * messages they wrote, the ratings they gave (on their requests) and received (on their offers, without
 * the author), the token ledger, the notifications and their settings, the unread counts, Algo's records,
 * the reports they filed and the blocks they made. Others'
 * data stays out: no other participant's messages, no author of a rating, no one else's id beyond the
 * references a document holds.
 */
export async function collectUserData(db: Firestore, uid: string, now: Date): Promise<ExportMyDataOutput> {
  const userRef = db.collection(COLLECTIONS.users).doc(uid);
  const [
    user,
    profile,
    ledger,
    notifications,
    notificationSettings,
    requests,
    offers,
    conversations,
    algo,
    reports,
    blocks,
    unread,
  ] = await Promise.all([
    userRef.get(),
    db.collection(COLLECTIONS.profiles).doc(uid).get(),
    userRef.collection(SUBCOLLECTIONS.tokenLedger).get(),
    userRef.collection(SUBCOLLECTIONS.notifications).get(),
    userRef.collection(SUBCOLLECTIONS.notificationSettings).get(),
    requestsOf(db, uid),
    offersMadeBy(db, uid),
    conversationsOf(db, uid),
    algoRecordsOf(db, uid),
    reportsBy(db, uid),
    blocksInvolving(db, uid),
    unreadCountsRef(db, uid).get(),
  ]);

  const requestRows = await Promise.all(
    requests.map(async (request) => {
      const place = await request.ref
        .collection(SUBCOLLECTIONS.requestPrivate)
        .doc(REQUEST_PRIVATE_LOCATION_ID)
        .get();
      const row: Json = {
        ...withId(request),
        ...(place.exists ? { privateLocation: toJson(place.data()) } : {}),
      };
      return row;
    }),
  );
  // The merchant's offers without the buyer's id: the buyer is someone else.
  const offerRows = offers.map((offer) => {
    const { customerId: _buyer, ...rest } = withId(offer);
    return rest;
  });
  const conversationRows = await Promise.all(
    conversations.map(async (conversation) => {
      const data = conversation.data();
      const role = data.participants?.customerId === uid ? "customer" : "merchant";
      const written = await messagesWrittenIn(conversation, uid);
      return {
        id: conversation.id,
        role,
        ...pick(toJson(data) as Json, "requestId"),
        ...pick(toJson(data) as Json, "offerId"),
        ...pick(toJson(data) as Json, "status"),
        ...pick(toJson(data) as Json, "createdAt"),
        messagesWritten: written.map((message) => {
          const row = withId(message);
          return { id: row.id, ...pick(row, "content"), ...pick(row, "type"), ...pick(row, "createdAt") };
        }),
      };
    }),
  );
  const ratingsGiven = requestRows
    .filter((row) => row.customerRating !== undefined)
    .map((row) => ({
      requestId: row.id,
      ...pick(row, "productName"),
      rating: row.customerRating,
      ...pick(row, "customerFeedback"),
      ...pick(row, "completedAt"),
    }));
  const ratingsReceived = offerRows
    .filter((row) => row.customerRating !== undefined)
    .map((row) => ({
      offerId: row.id,
      ...pick(row, "requestId"),
      ...pick(row, "productName"),
      rating: row.customerRating,
      ...pick(row, "customerFeedback"),
      ...pick(row, "ratedAt"),
    }));

  const data: Json = {
    account: user.exists ? toJson(user.data()) : null,
    publicProfile: profile.exists ? toJson(profile.data()) : null,
    requests: requestRows,
    offers: offerRows,
    conversations: conversationRows,
    ratingsGiven,
    ratingsReceived,
    tokenLedger: ledger.docs.map(withId),
    algoConversations: [...algo.conversations, ...algo.learning].map(withId),
    reports: reports.map(withId),
    blocks: blocks.made.map(withId),
    // The bell's notifications (users/{uid}/notifications) and the e-mail preferences and presence.
    notifications: notifications.docs.map(withId),
    notificationSettings: notificationSettings.docs.map(withId),
    unreadCounts: unreadRows(unread.data()),
  };
  return { fileName: exportFileName(now), exportedAt: now.toISOString(), data };
}

/**
 * One export for `uid`: it reads every document of the user, so at most EXPORT_RATE_POLICY.max an hour
 * (a script calling it in a loop would otherwise turn one account into a read amplifier).
 */
export async function exportDataFor(
  uid: string,
  deps: { db: Firestore; now: () => Date },
): Promise<ExportMyDataOutput> {
  const now = deps.now();
  if (!(await hitRateLimits(deps.db, [{ key: `export:uid:${uid}`, policy: EXPORT_RATE_POLICY }], now))) {
    throw new HttpsError("resource-exhausted", PRIVACY_MESSAGES.exportTooOften);
  }
  return collectUserData(deps.db, uid, now);
}

export const exportMyData = guardedCall(
  ACCOUNT_GUARD.account,
  sized("exportMyData", callableOptions),
  (request): Promise<ExportMyDataOutput> =>
    runDeal("exportMyData", request.auth?.uid, PRIVACY_MESSAGES.exportFailed, (uid) => {
      parseCallableInput(exportMyDataInputSchema, request.data ?? {});
      return exportDataFor(uid, { db: adminDb(), now: () => new Date() });
    }),
);
