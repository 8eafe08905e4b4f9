import { type Firestore, Timestamp } from "firebase-admin/firestore";
import * as logger from "firebase-functions/logger";
import { onSchedule } from "firebase-functions/scheduler";
import { planEndingWarning, planStatusLine } from "@/domain/billing/plan-messages";
import { planReminderDue } from "@/domain/billing/plan-reminder";
import { PLAN_WARNING_DAYS, type PlanStatus, planStatus } from "@/domain/billing/plans";
import { COLLECTIONS, PLAN_REMINDER_FIELDS } from "@/domain/core/collections";
import { SWEEP_CONCURRENCY } from "@/domain/core/limits";
import { composeEmail, type MailTransport } from "../email/send";
import { smtpTransport } from "../email/smtp-transport";
import { adminDb } from "../lib/admin";
import { clockFor } from "../lib/clock";
import { region } from "../lib/global-options";
import { sized } from "../lib/sizing";
import { forEachPage, inParallel, type SweepPaging } from "../lib/sweep-pages";
import { parseSubscription, type StoredSubscription, subscriptionRef } from "./subscription-store";

/**
 * The e-mail half of the 7-day warning (the dashboard shows the in-app half): once a day, every shop
 * whose access ends within PLAN_WARNING_DAYS without a renewal (the free month, the launch offer, a
 * cancelled monthly plan) gets one e-mail per end date. subscriptions/{uid} carries the end date an
 * e-mail is owed for (`reminderDueAt`, src/domain/billing/plan-reminder.ts), which sending clears: the
 * job reads only the plans owed one, so a second run, or a run the next day, reads one empty page.
 */
export interface ReminderDeps {
  db: Firestore;
  now: () => Date;
  mail: MailTransport;
}

const DAY_MS = 24 * 60 * 60 * 1000;

type Due = {
  uid: string;
  status: PlanStatus & { endsAt: Date };
  /** The plan as the query read it, and when it was last written then. */
  plan: StoredSubscription;
  readAt: Timestamp;
};

/** The e-mail of one shop whose access ends soon; false when it could not be sent (tried again tomorrow). */
async function remind(deps: ReminderDeps, due: Due, email: unknown): Promise<boolean> {
  const now = deps.now();
  if (typeof email !== "string" || email === "") return false;
  try {
    await deps.mail.send(
      composeEmail(email, {
        type: "plan-ending",
        warning: planEndingWarning(due.status.daysLeft),
        statusLine: planStatusLine(due.status, now),
      }),
    );
  } catch (error) {
    logger.warn("planReminders: e-mail not sent, retried tomorrow", { uid: due.uid, error: String(error) });
    return false;
  }
  await markReminded(deps.db, due);
  return true;
}

/**
 * The e-mail for this end date has gone: remembered on the plan, on the condition that the plan is as
 * the query read it; a webhook that wrote it meanwhile (the end date may have moved) sends this to a
 * transaction, which keeps a new end date owed.
 */
async function markReminded(db: Firestore, due: Due): Promise<void> {
  const ref = subscriptionRef(db, due.uid);
  const remindedFor = due.status.endsAt.getTime();
  const marks = (plan: StoredSubscription) => ({
    [PLAN_REMINDER_FIELDS.remindedFor]: remindedFor,
    [PLAN_REMINDER_FIELDS.reminderDueAt]: stamp(planReminderDue(plan, remindedFor)),
  });
  try {
    await ref.update(marks(due.plan), { lastUpdateTime: due.readAt });
  } catch {
    await db.runTransaction(async (tx) => {
      const current = parseSubscription((await tx.get(ref)).data());
      if (current) tx.update(ref, marks(current));
    });
  }
}

const stamp = (date: Date | null) => (date ? Timestamp.fromDate(date) : null);

/**
 * One paged query of the plans owed an e-mail for an end date within the week, judged from the documents
 * it returned (not read again); per page the addresses are read together (getAll) and the e-mails go
 * several at once. The week is read again each morning: a plan cancelled during its last week is owed
 * from that day on, and one whose e-mail failed is tried again.
 */
export async function sendPlanReminders(deps: ReminderDeps & SweepPaging): Promise<string[]> {
  const { db } = deps;
  const now = deps.now();
  const field = PLAN_REMINDER_FIELDS.reminderDueAt;
  const owed = db
    .collection(COLLECTIONS.subscriptions)
    .where(field, ">", Timestamp.fromDate(now))
    .where(field, "<=", Timestamp.fromMillis(now.getTime() + PLAN_WARNING_DAYS * DAY_MS))
    .orderBy(field);
  const sent: string[] = [];
  await forEachPage(owed, deps, async (docs) => {
    const due = docs.flatMap((doc): Due[] => {
      const plan = parseSubscription(doc.data());
      const status = planStatus(plan, now);
      const { endsAt } = status;
      if (!plan || !status.hasAccess || !status.endingSoon || !endsAt) return [];
      return [{ uid: doc.id, status: { ...status, endsAt }, plan, readAt: doc.updateTime }];
    });
    if (due.length === 0) return;
    const users = await db.getAll(...due.map((item) => db.collection(COLLECTIONS.users).doc(item.uid)));
    const done = await inParallel(due, SWEEP_CONCURRENCY, (item) =>
      remind(deps, item, users[due.indexOf(item)]?.data()?.email),
    );
    sent.push(...due.filter((_, index) => done[index]).map((item) => item.uid));
  });
  return sent;
}

/** Every morning at 09:00 (Rome). */
export const planReminders = onSchedule(
  sized("planReminders", { schedule: "0 9 * * *", timeZone: "Europe/Rome", region }),
  async () => {
    const db = adminDb();
    const sent = await sendPlanReminders({ db, now: await clockFor(db), mail: smtpTransport });
    logger.info("Plan reminders", { sent: sent.length });
  },
);
