import type { DocumentSnapshot, Firestore, Transaction } from "firebase-admin/firestore";
import { paths } from "@/config/paths";
import { participantsSchema } from "@/domain/marketplace/conversation";
import { CUSTOMER_FALLBACK_NAME } from "@/domain/marketplace/marketplace-messages";
import { holdMoment } from "@/domain/marketplace/pickup-hold";
import {
  NOTIFICATION_AWAY_MS,
  NOTIFICATION_DIGEST_INTERVAL_MS,
  NOTIFICATION_KIND,
  NOTIFICATION_MESSAGE_EMAIL_INTERVAL_MS,
} from "@/domain/notifications/notifications";
import { conversationRef } from "../deals/deal-store";
import type { NotificationEvent } from "./notify";

/**
 * One constructor per kind of event, so every flow (the callables, the message trigger, the scheduled
 * digest and expiry warning, the request's life) names the same recipient, event key, text parameters,
 * link and rate limit for it. The event key makes the notification's id: one per offer for offers, one
 * per message for messages, one per hour for the digest, one per expiry date for the warning.
 */

/** The product's name as the request (or its offer) carries it. */
export function productNameOf(snapshot: DocumentSnapshot | undefined): string {
  const name = snapshot?.data()?.productName;
  return typeof name === "string" && name.trim() ? name : "la tua richiesta";
}

/** The conversation's participants' names (read inside the caller's transaction, before its writes). */
export async function readParticipants(tx: Transaction, db: Firestore, offerId: string) {
  const parsed = participantsSchema.safeParse(
    (await tx.get(conversationRef(db, offerId))).data()?.participants,
  );
  return parsed.success
    ? { customerName: parsed.data.customerName, merchantName: parsed.data.merchantName }
    : { customerName: CUSTOMER_FALLBACK_NAME, merchantName: "Il negozio" };
}

export function offerReceivedEvent(input: {
  customerId: string;
  offerId: string;
  merchantName: string;
  productName: string;
  price: number;
  /** An offer made again on a renewed request: its own event (the renewal's expiry, in ms). */
  round?: number;
}): NotificationEvent<"offer_received"> {
  return {
    uid: input.customerId,
    kind: NOTIFICATION_KIND.offerReceived,
    eventKey: input.round ? `${input.offerId}-${input.round}` : input.offerId,
    params: { merchantName: input.merchantName, productName: input.productName, price: input.price },
    link: paths.conversation.getHref(input.offerId),
  };
}

export function offerAcceptedEvent(input: {
  merchantId: string;
  offerId: string;
  customerName: string;
  productName: string;
}): NotificationEvent<"offer_accepted"> {
  return {
    uid: input.merchantId,
    kind: NOTIFICATION_KIND.offerAccepted,
    eventKey: input.offerId,
    params: { customerName: input.customerName, productName: input.productName },
    link: paths.conversation.getHref(input.offerId),
  };
}

export function offerRejectedEvent(input: {
  merchantId: string;
  offerId: string;
  productName: string;
  reason?: string | undefined;
}): NotificationEvent<"offer_rejected"> {
  return {
    uid: input.merchantId,
    kind: NOTIFICATION_KIND.offerRejected,
    eventKey: input.offerId,
    params: { productName: input.productName, ...(input.reason ? { reason: input.reason } : {}) },
    link: paths.offers.getHref(),
  };
}

/** The buyer cancelled the accepted deal (H2's cancelDeal): one per offer and cancellation time. */
export function dealCancelledEvent(input: {
  merchantId: string;
  offerId: string;
  customerName: string;
  productName: string;
  reason?: string | undefined;
  cancelledAt: Date;
}): NotificationEvent<"deal_cancelled"> {
  return {
    uid: input.merchantId,
    kind: NOTIFICATION_KIND.dealCancelled,
    eventKey: `${input.offerId}-${input.cancelledAt.getTime()}`,
    params: {
      customerName: input.customerName,
      productName: input.productName,
      ...(input.reason ? { reason: input.reason } : {}),
    },
    link: paths.conversation.getHref(input.offerId),
  };
}

/** The shop withdrew its pending offer (H2's withdrawOffer). */
export function offerWithdrawnEvent(input: {
  customerId: string;
  offerId: string;
  merchantName: string;
  productName: string;
}): NotificationEvent<"offer_withdrawn"> {
  return {
    uid: input.customerId,
    kind: NOTIFICATION_KIND.offerWithdrawn,
    eventKey: input.offerId,
    params: { merchantName: input.merchantName, productName: input.productName },
    link: paths.requests.getHref(),
  };
}

/** The other side's account was suspended: this conversation is closed (moderation's suspension). */
export function conversationClosedEvent(input: {
  recipientId: string;
  conversationId: string;
  otherName: string;
  productName: string;
}): NotificationEvent<"conversation_closed"> {
  return {
    uid: input.recipientId,
    kind: NOTIFICATION_KIND.conversationClosed,
    eventKey: input.conversationId,
    params: { otherName: input.otherName, productName: input.productName },
    link: paths.conversation.getHref(input.conversationId),
  };
}

/** A new message for a recipient away from the app: at most one e-mail per conversation an hour. */
export function messageReceivedEvent(input: {
  recipientId: string;
  conversationId: string;
  messageId: string;
  senderName: string;
  preview: string;
}): NotificationEvent<"message_received"> {
  return {
    uid: input.recipientId,
    kind: NOTIFICATION_KIND.messageReceived,
    eventKey: `${input.conversationId}-${input.messageId}`,
    params: { senderName: input.senderName, preview: input.preview },
    link: paths.conversation.getHref(input.conversationId),
    emailThrottle: {
      key: `conversation-${input.conversationId}`,
      intervalMs: NOTIFICATION_MESSAGE_EMAIL_INTERVAL_MS,
    },
  };
}

/** Whether a recipient last seen at `lastSeenAt` counts as away at `now` (never seen: away). */
export function isAway(lastSeenAt: Date | undefined, now: Date): boolean {
  return lastSeenAt === undefined || now.getTime() - lastSeenAt.getTime() >= NOTIFICATION_AWAY_MS;
}

/**
 * A message already older than NOTIFICATION_AWAY_MS when its trigger runs is history, not news (an
 * import, the demo seed's conversations of the past days): nobody is told about it.
 */
export function isOldMessage(createdAt: Date | undefined, now: Date): boolean {
  return createdAt !== undefined && now.getTime() - createdAt.getTime() > NOTIFICATION_AWAY_MS;
}

/** The request expires within a day: one warning per request and expiry date (a renewal warns again). */
export function requestExpiringEvent(input: {
  customerId: string;
  requestId: string;
  productName: string;
  expiresAt: Date;
}): NotificationEvent<"request_expiring"> {
  return {
    uid: input.customerId,
    kind: NOTIFICATION_KIND.requestExpiring,
    eventKey: `${input.requestId}-${input.expiresAt.getTime()}`,
    params: { productName: input.productName },
    link: paths.requests.getHref(),
  };
}

/** The shop's digest of the hour starting at `hourStart`. */
export function requestsNearbyEvent(input: {
  merchantId: string;
  hourStart: Date;
  count: number;
  firstProductName: string;
  /** The shop's digest frequency (digestEmailIntervalMs): hourly or at most twice a day. */
  emailIntervalMs?: number;
}): NotificationEvent<"requests_nearby"> {
  return {
    uid: input.merchantId,
    kind: NOTIFICATION_KIND.requestsNearby,
    eventKey: input.hourStart.toISOString().slice(0, 13),
    params: { count: input.count, firstProductName: input.firstProductName },
    link: paths.browse.getHref(),
    emailThrottle: { key: "digest", intervalMs: input.emailIntervalMs ?? NOTIFICATION_DIGEST_INTERVAL_MS },
  };
}

/** The shop's hold on the buyer's item ends soon: one reminder per accepted offer and hold end. */
export function holdEndingEvent(input: {
  customerId: string;
  offerId: string;
  merchantName: string;
  productName: string;
  holdUntil: Date;
}): NotificationEvent<"hold_ending"> {
  return {
    uid: input.customerId,
    kind: NOTIFICATION_KIND.holdEnding,
    eventKey: `${input.offerId}-${input.holdUntil.getTime()}`,
    params: {
      merchantName: input.merchantName,
      productName: input.productName,
      until: holdMoment(input.holdUntil),
    },
    link: paths.conversation.getHref(input.offerId),
  };
}
