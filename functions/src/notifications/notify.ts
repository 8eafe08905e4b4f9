import {
  type DocumentReference,
  type Firestore,
  Timestamp,
  type Transaction,
} from "firebase-admin/firestore";
import * as logger from "firebase-functions/logger";
import { COLLECTIONS, SUBCOLLECTIONS } from "@/domain/core/collections";
import { type NotificationParams, notificationText } from "@/domain/notifications/notification-text";
import {
  NOTIFICATION_EMAIL_CLAIM_MS,
  NOTIFICATION_EMAIL_STATUS,
  NOTIFICATION_FIELDS,
  NOTIFICATION_SETTINGS_IDS,
  NOTIFICATION_STATE_FIELDS,
  type NotificationKind,
  notificationId,
  notificationKindSchema,
  notificationPreferencesSchema,
  PUSH_STATUS,
  wantsEmail,
} from "@/domain/notifications/notifications";
import { appUrl } from "../email/config";
import { composeEmail, type MailTransport } from "../email/send";
import type { EmailQueue } from "./email-queue";
import { countNewNotification } from "./unread-counts";
import { unsubscribeUrl } from "./unsubscribe-token";

/**
 * Telling a user that something happened: notify() writes users/{uid}/notifications/{kind}-{eventKey}
 * (an id derived from the event, written with create(): a retried flow finds it there and writes nothing
 * more) and counts it for the bell's badge in the same transaction (unreadCounts/{uid}), then sends its e-mail once (the notification records emailStatus: pending → sending → sent, or
 * skipped when the user switched the kind off in /profile, has no e-mail, or a rate limit applies).
 * Callers inside a transaction stage the notification with stageNotification() and call
 * deliverAfterCommit() after the commit.
 *
 * Where the e-mail is sent: with `emailQueue` (production's callables, triggers and sweeps) it is handed
 * to the task queue and sent by deliverNotificationEmail (email-task.ts), so no caller waits on SMTP;
 * with `mail` alone it is sent inline (the mail task itself, the retries sweep, tests); with neither (the
 * seed) it stays pending. The queued task is the notification's delivery: it first pushes it to the
 * recipient's devices (push.ts deliverPush, when the seam's choice says so), and a push that reached a
 * device stops the e-mail (e-mail is the fallback).
 */
export interface NotifyDeps {
  db: Firestore;
  now: () => Date;
  mail?: MailTransport;
  emailQueue?: EmailQueue;
}

/** One event worth telling `uid` about. */
export interface NotificationEvent<K extends NotificationKind = NotificationKind> {
  uid: string;
  kind: K;
  /** What makes the event unique (an offer's id, a message's id, a digest's hour…). */
  eventKey: string;
  params: NotificationParams[K];
  /** The app path it opens (src/config/paths.ts). */
  link: string;
  /** At most one e-mail per `intervalMs` for this user and key (a conversation, the digest). */
  emailThrottle?: { key: string; intervalMs: number };
  /** No e-mail for this one (the digest of requests that push already carried). */
  emailSkipped?: boolean;
}

/** What a delivery attempt did; with a queue, the e-mail step only reports it "queued". */
export type DeliveryOutcome = "sent" | "skipped" | "already" | "failed";
export type EmailOutcome = DeliveryOutcome | "queued";

export function notificationsOf(db: Firestore, uid: string) {
  return db.collection(COLLECTIONS.users).doc(uid).collection(SUBCOLLECTIONS.notifications);
}

export function notificationSettingsRef(db: Firestore, uid: string, id: string): DocumentReference {
  return db.collection(COLLECTIONS.users).doc(uid).collection(SUBCOLLECTIONS.notificationSettings).doc(id);
}

export function notificationRefFor(
  db: Firestore,
  event: Pick<NotificationEvent, "uid" | "kind" | "eventKey">,
) {
  return notificationsOf(db, event.uid).doc(notificationId(event.kind, event.eventKey));
}

/** The stored document of an event: its Italian text, link, unread, its e-mail still to send. */
export function buildNotification(event: NotificationEvent, now: Date) {
  const { title, body } = notificationText(event.kind, event.params);
  return {
    kind: event.kind,
    title,
    body,
    link: event.link,
    createdAt: Timestamp.fromDate(now),
    readAt: null,
    emailStatus: event.emailSkipped ? NOTIFICATION_EMAIL_STATUS.skipped : NOTIFICATION_EMAIL_STATUS.pending,
    ...(event.emailThrottle ? { emailThrottle: event.emailThrottle } : {}),
  };
}

/** Inside the caller's transaction (after its reads): the notification is created with the event's writes. */
export function stageNotification(
  tx: Transaction,
  db: Firestore,
  event: NotificationEvent,
  now: Date,
): DocumentReference {
  const ref = notificationRefFor(db, event);
  tx.create(ref, buildNotification(event, now));
  countNewNotification(tx, db, event.uid);
  return ref;
}

/**
 * Writes the event's notification unless an earlier try did (read and created in one transaction: a
 * plain create() of an existing document is retried by the client library as if it were transient),
 * then sends its e-mail unless that was done too. Never throws for the e-mail (logged).
 */
export async function notify(
  deps: NotifyDeps,
  event: NotificationEvent,
): Promise<{ created: boolean; email: EmailOutcome }> {
  const ref = notificationRefFor(deps.db, event);
  const created = await deps.db.runTransaction(async (tx) => {
    if ((await tx.get(ref)).exists) return false;
    tx.create(ref, buildNotification(event, deps.now()));
    countNewNotification(tx, deps.db, event.uid);
    return true;
  });
  return { created, email: await dispatchEmail(deps, ref) };
}

/** The notification's e-mail: queued when the caller has a queue, sent inline with a transport, else left pending. */
async function dispatchEmail(deps: NotifyDeps, ref: DocumentReference): Promise<EmailOutcome> {
  if (deps.emailQueue) {
    await deps.emailQueue.enqueue([ref]);
    return "queued";
  }
  const { mail } = deps;
  return mail ? deliverEmail({ ...deps, mail }, ref) : "skipped";
}

/** The user's throttle records (account deletion removes them; they hold only the user's id and times). */
export function throttlesOf(db: Firestore, uid: string) {
  return db.collection(COLLECTIONS.notificationState).where(NOTIFICATION_STATE_FIELDS.uid, "==", uid);
}

function throttleRef(db: Firestore, uid: string, key: string): DocumentReference {
  return db.collection(COLLECTIONS.notificationState).doc(`throttle-${uid}-${key}`.slice(0, 500));
}

type Claim =
  | { outcome: "send"; email: string; kind: NotificationKind; title: string; body: string; link: string }
  | { outcome: "skipped" | "already" };

/** One transaction decides whether this notification's e-mail goes now, and claims it if so. */
async function claimEmail(deps: NotifyDeps, ref: DocumentReference): Promise<Claim> {
  const { db } = deps;
  const uid = ref.parent.parent?.id ?? "";
  return db.runTransaction(async (tx): Promise<Claim> => {
    const now = deps.now();
    const data = (await tx.get(ref)).data();
    if (!data) return { outcome: "already" };
    const status = data[NOTIFICATION_FIELDS.emailStatus];
    const claimedAt = data[NOTIFICATION_FIELDS.emailClaimedAt];
    const claimFresh =
      claimedAt instanceof Timestamp && now.getTime() - claimedAt.toMillis() < NOTIFICATION_EMAIL_CLAIM_MS;
    if (status === NOTIFICATION_EMAIL_STATUS.sent || status === NOTIFICATION_EMAIL_STATUS.skipped) {
      return { outcome: "already" };
    }
    if (status === NOTIFICATION_EMAIL_STATUS.sending && claimFresh) return { outcome: "already" };
    const kind = notificationKindSchema.parse(data.kind);
    const throttle = data.emailThrottle as { key: string; intervalMs: number } | undefined;
    const [user, settings, throttled] = await Promise.all([
      tx.get(db.collection(COLLECTIONS.users).doc(uid)),
      tx.get(notificationSettingsRef(db, uid, NOTIFICATION_SETTINGS_IDS.preferences)),
      throttle ? tx.get(throttleRef(db, uid, throttle.key)) : Promise.resolve(undefined),
    ]);
    const email = user.data()?.email;
    const preferences = notificationPreferencesSchema.safeParse(settings.data() ?? {});
    const lastEmailAt = throttled?.data()?.lastEmailAt;
    // A retry of this very e-mail (its send failed after the claim set the throttle) is not too soon.
    const tooSoon =
      throttle !== undefined &&
      lastEmailAt instanceof Timestamp &&
      throttled?.data()?.notificationId !== ref.id &&
      now.getTime() - lastEmailAt.toMillis() < throttle.intervalMs;
    // E-mail is the fallback: a notification its push already carried to a device is not e-mailed.
    const pushed = data[NOTIFICATION_FIELDS.pushStatus] === PUSH_STATUS.sent;
    const skip =
      pushed ||
      typeof email !== "string" ||
      email === "" ||
      !wantsEmail(preferences.success ? preferences.data : undefined, kind) ||
      tooSoon;
    if (skip) {
      tx.update(ref, { [NOTIFICATION_FIELDS.emailStatus]: NOTIFICATION_EMAIL_STATUS.skipped });
      return { outcome: "skipped" };
    }
    tx.update(ref, {
      [NOTIFICATION_FIELDS.emailStatus]: NOTIFICATION_EMAIL_STATUS.sending,
      [NOTIFICATION_FIELDS.emailClaimedAt]: Timestamp.fromDate(now),
    });
    if (throttle) {
      tx.set(throttleRef(db, uid, throttle.key), {
        uid,
        lastEmailAt: Timestamp.fromDate(now),
        notificationId: ref.id,
      });
    }
    return {
      outcome: "send",
      email,
      kind,
      title: String(data.title),
      body: String(data.body ?? ""),
      link: String(data.link),
    };
  });
}

/**
 * Sends the e-mail of the notification at `ref` once: claimed in a transaction (a concurrent or
 * repeated call finds it sending or sent), then marked sent; on a delivery failure it goes back to
 * pending, for the next try of the same flow or the emailRetries sweep (email-retries.ts).
 */
export async function deliverEmail(
  deps: NotifyDeps & { mail: MailTransport },
  ref: DocumentReference,
): Promise<DeliveryOutcome> {
  const claim = await claimEmail(deps, ref);
  if (claim.outcome !== "send") return claim.outcome;
  const uid = ref.parent.parent?.id ?? "";
  try {
    const oneClick = await unsubscribeUrl(deps.db, uid, claim.kind);
    const message = composeEmail(claim.email, {
      type: "notification",
      title: claim.title,
      body: claim.body,
      link: `${appUrl()}${claim.link}`,
      unsubscribeUrl: oneClick,
    });
    await deps.mail.send({
      ...message,
      headers: { "List-Unsubscribe": `<${oneClick}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    });
  } catch (error) {
    logger.warn("notify: e-mail not sent", { uid, id: ref.id, error: String(error) });
    await ref.update({ [NOTIFICATION_FIELDS.emailStatus]: NOTIFICATION_EMAIL_STATUS.pending });
    return "failed";
  }
  await ref.update({
    [NOTIFICATION_FIELDS.emailStatus]: NOTIFICATION_EMAIL_STATUS.sent,
    [NOTIFICATION_FIELDS.emailSentAt]: Timestamp.fromDate(deps.now()),
  });
  return "sent";
}

/** The e-mail step for a caller that must not fail on it (the callables, after their transaction). */
export async function deliverEmailQuietly(deps: NotifyDeps, ref: DocumentReference): Promise<void> {
  await deliverAfterCommit(deps, [ref]);
}

/** What a callable that stages notifications adds to its deps: a queue or a transport (neither in the seed). */
export interface NotifyingDeps {
  mail?: MailTransport;
  emailQueue?: EmailQueue;
}

/**
 * After the caller's commit: the staged notifications' e-mails, queued in one go (or sent inline without
 * a queue). Never throws: an e-mail that could not be queued stays pending for the emailRetries sweep.
 */
export async function deliverAfterCommit(
  deps: { db: Firestore; now: () => Date } & NotifyingDeps,
  refs: readonly DocumentReference[],
): Promise<void> {
  if (refs.length === 0) return;
  try {
    if (deps.emailQueue) {
      await deps.emailQueue.enqueue(refs);
      return;
    }
    const { mail } = deps;
    if (!mail) return;
    for (const ref of refs) await deliverEmail({ db: deps.db, now: deps.now, mail }, ref);
  } catch (error) {
    logger.warn("notify: e-mail step failed", { ids: refs.map((ref) => ref.id), error: String(error) });
  }
}
