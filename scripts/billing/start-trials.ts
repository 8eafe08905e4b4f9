import { parseArgs } from "node:util";
import { applicationDefault, initializeApp } from "firebase-admin/app";
import { type Firestore, getFirestore, Timestamp } from "firebase-admin/firestore";
import { planReminderDue } from "../../src/domain/billing/plan-reminder";
import { trialSubscription } from "../../src/domain/billing/plans";
import { COLLECTIONS, PLAN_REMINDER_FIELDS, USER_FIELDS } from "../../src/domain/core/collections";
import { SHOP_STATUS } from "../../src/domain/people/shop-status";

/**
 * Shops verified before plans existed have no subscriptions/{uid}, so the gate would refuse them at
 * once. Run once when plans go live: every verified shop without one gets the free month from now
 * (the same document verifyShop writes for a new shop); shops that have one are left alone.
 *
 *   npm run start-trials -- --project <project-id> --yes     (the emulators by default)
 */
export async function startMissingTrials(db: Firestore, now: Date): Promise<string[]> {
  const shops = await db
    .collection(COLLECTIONS.users)
    .where(USER_FIELDS.shopStatus, "==", SHOP_STATUS.verified)
    .get();
  const started: string[] = [];
  for (const shop of shops.docs) {
    const ref = db.collection(COLLECTIONS.subscriptions).doc(shop.id);
    // Checked first: the admin SDK retries a refused create for a while before giving up.
    if ((await ref.get()).exists) continue;
    const trial = trialSubscription(shop.id, now);
    const ends = trial.trialEndsAt ?? now;
    await ref.create({
      ...trial,
      trialEndsAt: Timestamp.fromDate(ends),
      updatedAt: Timestamp.fromDate(now),
      // The 7-day e-mail's job finds the plans owed one by this field (as verifyShop's document has it).
      [PLAN_REMINDER_FIELDS.reminderDueAt]: Timestamp.fromDate(planReminderDue(trial) ?? ends),
    });
    started.push(shop.id);
  }
  return started;
}

if (process.argv[1]?.endsWith("start-trials.ts")) {
  const { values } = parseArgs({
    options: {
      project: { type: "string", default: "demo-vicino" },
      firestore: { type: "string", default: "127.0.0.1:8080" },
      yes: { type: "boolean", default: false },
    },
  });
  const demo = values.project.startsWith("demo-");
  if (demo) process.env.FIRESTORE_EMULATOR_HOST = values.firestore;
  else if (!values.yes) {
    console.error(`Writing to the real project ${values.project}: add --yes to confirm.`);
    process.exit(1);
  }
  const app = initializeApp({
    projectId: values.project,
    ...(demo ? {} : { credential: applicationDefault() }),
  });
  const started = await startMissingTrials(getFirestore(app), new Date());
  console.log(`${started.length} negozi verificati hanno ora il mese di prova.`);
}
