import { type Firestore, Timestamp } from "firebase-admin/firestore";
import * as logger from "firebase-functions/logger";
import { onSchedule } from "firebase-functions/scheduler";
import { planEndingWarning, planStatusLine } from "@/domain/billing/plan-messages";
import { PLAN_WARNING_DAYS, type PlanStatus, planStatus } from "@/domain/billing/plans";
import { COLLECTIONS, SUBSCRIPTION_FIELDS } from "@/domain/core/collections";
import { SWEEP_CONCURRENCY } from "@/domain/core/limits";
import { composeEmail, type MailTransport } from "../email/send";
import { smtpTransport } from "../email/smtp-transport";
import { adminDb } from "../lib/admin";
import { clockFor } from "../lib/clock";
import { region } from "../lib/global-options";
import { sized } from "../lib/sizing";
import { forEachPage, inParallel, type SweepPaging } from "../lib/sweep-pages";
import { parseSubscription } from "./subscription-store";

/**
 * The e-mail half of the 7-day warning (the dashboard shows the in-app half): once a day, every shop
 * whose access ends within PLAN_WARNING_DAYS without a renewal (the free month, the launch offer, a
 * cancelled monthly plan) gets one e-mail per end date; planReminders/{uid} remembers the date it was
 * sent for, so a second run, or a run the next day, sends nothing more.
 */
export interface ReminderDeps {
  db: Firestore;
  now: () => Date;
  mail: MailTransport;
}

const DAY_MS = 24 * 60 * 60 * 1000;

type Due = { uid: string; status: PlanStatus & { endsAt: Date } };

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
  await deps.db
    .collection(COLLECTIONS.planReminders)
    .doc(due.uid)
    .set({ endsAt: due.status.endsAt.getTime(), sentAt: Timestamp.fromDate(now) });
  return true;
}

/**
 * One paged query per end field (the free month or launch offer's trialEndsAt, a plan's periodEnd) of
 * the subscriptions ending within the week, judged from the documents the query returned (not read
 * again); per page, the reminders already sent and the e-mail addresses of the shops still owed one are
 * read together (getAll), and the e-mails go several at once. The week is read again each morning: a
 * plan cancelled during its last week is due from that day on, which a window that only moved forward
 * would miss.
 */
export async function sendPlanReminders(deps: ReminderDeps & SweepPaging): Promise<string[]> {
  const { db } = deps;
  const now = deps.now();
  const from = Timestamp.fromDate(now);
  const until = Timestamp.fromMillis(now.getTime() + PLAN_WARNING_DAYS * DAY_MS);
  const plans = db.collection(COLLECTIONS.subscriptions);
  const seen = new Set<string>();
  const sent: string[] = [];
  for (const field of [SUBSCRIPTION_FIELDS.trialEndsAt, SUBSCRIPTION_FIELDS.periodEnd]) {
    const ending = plans.where(field, ">", from).where(field, "<=", until).orderBy(field);
    const walk = await forEachPage(ending, deps, async (docs) => {
      const due = docs.flatMap((doc): Due[] => {
        if (seen.has(doc.id)) return [];
        seen.add(doc.id);
        const status = planStatus(parseSubscription(doc.data()), now);
        const { endsAt } = status;
        if (!status.hasAccess || !status.endingSoon || !endsAt) return [];
        return [{ uid: doc.id, status: { ...status, endsAt } }];
      });
      if (due.length === 0) return;
      const reminders = await db.getAll(
        ...due.map((item) => db.collection(COLLECTIONS.planReminders).doc(item.uid)),
      );
      const owed = due.filter(
        (item, index) => reminders[index]?.data()?.endsAt !== item.status.endsAt.getTime(),
      );
      if (owed.length === 0) return;
      const users = await db.getAll(...owed.map((item) => db.collection(COLLECTIONS.users).doc(item.uid)));
      const done = await inParallel(owed, SWEEP_CONCURRENCY, (item) =>
        remind(deps, item, users[owed.indexOf(item)]?.data()?.email),
      );
      sent.push(...owed.filter((_, index) => done[index]).map((item) => item.uid));
    });
    if (!walk.complete) break;
  }
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
