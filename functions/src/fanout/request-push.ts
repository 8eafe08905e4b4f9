import { FieldValue, type Firestore, Timestamp } from "firebase-admin/firestore";
import { paths } from "@/config/paths";
import { COLLECTIONS } from "@/domain/core/collections";
import { notificationText } from "@/domain/notifications/notification-text";
import { NOTIFICATION_KIND, NOTIFICATION_STATE_FIELDS } from "@/domain/notifications/notifications";
import { NEW_REQUEST_ORIGIN, openingKey, PUSH_RECORD_TTL_MS, pushTiming } from "@/domain/notifications/push";
import type { InboxRequest } from "@/domain/notifications/shop-reach";
import { weeklyHoursSchema } from "@/domain/people/opening-hours";
import { type PushDeps, pushToUser } from "../notifications/push";
import type { DigestQueue, OpeningTask } from "./digest-queue";

/**
 * 'Nuova richiesta vicino a te: <prodotto>' on a shop's devices, within a minute of the publication:
 * the request's push tasks (one per cover cell, cell-digest.ts reachCell) find the cell's shops that hear
 * of it and call pushNewRequest. Each shop is pushed a request once (notificationState/push-{uid}-{id},
 * created before the send), and only while it is open (quiet hours, push.ts pushTiming): closed, the
 * request is counted into notificationState/opening-{uid}-{opening} and one task at the opening pushes a
 * single summary. The records say whether a device was reached, so the hourly digest does not e-mail
 * what push already carried (digest-task.ts). They expire (TTL on expireAt).
 */
export interface RequestPushDeps extends PushDeps {
  now: () => Date;
  queue: Pick<DigestQueue, "opening">;
}

/** The offer form of the request, marked as opened from a notification. */
export function offerFormUrl(requestId: string): string {
  return `${paths.makeOffer.getHref(requestId)}?origin=${NEW_REQUEST_ORIGIN}`;
}

function stateRef(db: Firestore, id: string) {
  return db.collection(COLLECTIONS.notificationState).doc(id.slice(0, 500));
}

export function pushRecordRef(db: Firestore, uid: string, requestId: string) {
  return stateRef(db, `push-${uid}-${requestId}`);
}

function openingRef(db: Firestore, uid: string, key: string) {
  return stateRef(db, `opening-${uid}-${key}`);
}

/** Each shop that hears of `request` now: its push, or its place in the summary at its opening. */
export async function pushNewRequest(
  deps: RequestPushDeps,
  shops: readonly string[],
  request: InboxRequest,
): Promise<void> {
  await Promise.all(shops.map((uid) => pushToShop(deps, uid, request)));
}

async function pushToShop(deps: RequestPushDeps, uid: string, request: InboxRequest): Promise<void> {
  const { db } = deps;
  const now = deps.now();
  const expireAt = Timestamp.fromMillis(now.getTime() + PUSH_RECORD_TTL_MS);
  const hours = weeklyHoursSchema.safeParse(
    (await db.collection(COLLECTIONS.users).doc(uid).get()).get("weeklyHours"),
  );
  const timing = pushTiming(hours.success ? hours.data : undefined, now);
  const record = pushRecordRef(db, uid, request.id);
  try {
    await record.create({ [NOTIFICATION_STATE_FIELDS.uid]: uid, reached: false, expireAt });
  } catch {
    return; // pushed (or counted) already: a repeated task
  }
  if ("at" in timing) {
    const key = openingKey(timing.at);
    await openingRef(db, uid, key).set(
      {
        [NOTIFICATION_STATE_FIELDS.uid]: uid,
        count: FieldValue.increment(1),
        productName: request.productName,
        requestId: request.id,
        expireAt,
      },
      { merge: true },
    );
    await deps.queue.opening(uid, { key, at: timing.at });
    return;
  }
  const { title, body } = notificationText(NOTIFICATION_KIND.newRequest, {
    productName: request.productName,
    count: 1,
  });
  const reached = await pushToUser(deps, uid, NOTIFICATION_KIND.newRequest, {
    title,
    body,
    url: offerFormUrl(request.id),
    kind: NOTIFICATION_KIND.newRequest,
    tag: `${NOTIFICATION_KIND.newRequest}-${request.id}`.slice(0, 128),
  });
  if (reached > 0) await record.update({ reached: true });
}

/** At a closed shop's opening: one push for what it heard of meanwhile (once: `sentAt` marks it). */
export async function pushOpeningSummary(deps: PushDeps, task: OpeningTask): Promise<number> {
  const ref = openingRef(deps.db, task.uid, task.opening);
  const summary = await deps.db.runTransaction(async (tx) => {
    const data = (await tx.get(ref)).data();
    if (!data || data.sentAt !== undefined) return undefined;
    tx.update(ref, { sentAt: FieldValue.serverTimestamp() });
    return data;
  });
  const count = Number(summary?.count ?? 0);
  if (!summary || count < 1) return 0;
  const productName = String(summary.productName ?? "");
  const { title, body } = notificationText(NOTIFICATION_KIND.newRequest, { productName, count });
  return pushToUser(deps, task.uid, NOTIFICATION_KIND.newRequest, {
    title,
    body,
    url: count === 1 ? offerFormUrl(String(summary.requestId)) : paths.browse.getHref(),
    kind: NOTIFICATION_KIND.newRequest,
    tag: `${NOTIFICATION_KIND.newRequest}-opening-${task.opening}`,
  });
}
