import { type Firestore, Timestamp } from "firebase-admin/firestore";
import * as logger from "firebase-functions/logger";
import { onSchedule } from "firebase-functions/scheduler";
import { COLLECTIONS, SUBSCRIPTION_FIELDS } from "@/domain/collections";
import { planEndingWarning, planStatusLine } from "@/domain/plan-messages";
import { PLAN_WARNING_DAYS, planStatus } from "@/domain/plans";
import { composeEmail, type MailTransport, smtpTransport } from "../email/send";
import { adminDb } from "../lib/admin";
import { clockFor } from "../lib/clock";
import { region } from "../lib/global-options";
import { sized } from "../lib/sizing";
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

export async function sendPlanReminders(deps: ReminderDeps): Promise<string[]> {
  const { db } = deps;
  const now = deps.now();
  const from = Timestamp.fromDate(now);
  const until = Timestamp.fromMillis(now.getTime() + PLAN_WARNING_DAYS * DAY_MS);
  const plans = db.collection(COLLECTIONS.subscriptions);
  const found = await Promise.all(
    [SUBSCRIPTION_FIELDS.trialEndsAt, SUBSCRIPTION_FIELDS.periodEnd].map((field) =>
      plans.where(field, ">", from).where(field, "<=", until).get(),
    ),
  );
  const uids = [...new Set(found.flatMap((snapshot) => snapshot.docs.map((doc) => doc.id)))];
  const sent: string[] = [];
  for (const uid of uids) {
    const subscription = parseSubscription((await plans.doc(uid).get()).data());
    const status = planStatus(subscription, now);
    if (!status.hasAccess || !status.endingSoon || !status.endsAt) continue;
    const reminderRef = db.collection(COLLECTIONS.planReminders).doc(uid);
    const endsAt = status.endsAt.getTime();
    if ((await reminderRef.get()).data()?.endsAt === endsAt) continue;
    const email = (await db.collection(COLLECTIONS.users).doc(uid).get()).data()?.email;
    if (typeof email !== "string" || email === "") continue;
    try {
      await deps.mail.send(
        composeEmail(email, {
          type: "plan-ending",
          warning: planEndingWarning(status.daysLeft),
          statusLine: planStatusLine(status, now),
        }),
      );
    } catch (error) {
      logger.warn("planReminders: e-mail not sent, retried tomorrow", { uid, error: String(error) });
      continue;
    }
    await reminderRef.set({ endsAt, sentAt: Timestamp.fromDate(now) });
    sent.push(uid);
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
