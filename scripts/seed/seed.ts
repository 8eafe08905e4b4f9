import { randomUUID } from "node:crypto";
import { deleteApp, initializeApp } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import { reconcileMarketRollups } from "../../functions/src/analytics/reconcile";
import { configureFirestore } from "../../functions/src/lib/admin";
import { AdminSeedWriter } from "./admin-writer";
import { AuthEmulator, type NewAccount } from "./auth-emulator";
import { seedCatalogues } from "./catalogues";
import { type DemoSummary, runDemoScenario } from "./demo-scenario";
import { seedPastPrices } from "./past-prices";
import { verifySeededData } from "./verify";

export interface SeedTarget {
  projectId: string;
  /** `host:port` of the Firestore emulator. */
  firestoreHost: string;
  /** `host:port` of the Auth emulator. */
  authHost: string;
}

/** Empties the project's Firestore (the official emulator's REST call). */
export async function clearFirestore(target: Pick<SeedTarget, "projectId" | "firestoreHost">): Promise<void> {
  const firestore = await fetch(
    `http://${target.firestoreHost}/emulator/v1/projects/${target.projectId}/databases/(default)/documents`,
    { method: "DELETE" },
  );
  if (!firestore.ok) {
    throw new Error(`Emptying Firestore failed: ${firestore.status} ${await firestore.text()}`);
  }
}

/** Empties Firestore and the Auth emulator's accounts. */
export async function clearEmulatorData(target: SeedTarget): Promise<void> {
  await clearFirestore(target);
  await new AuthEmulator({ host: target.authHost, projectId: target.projectId }).clear();
}

/**
 * Replaces all local data with the demo marketplace: clears both emulators, plays the demo scenario
 * as the admin through firebase-admin (REST) and the Auth emulator's REST API, and checks that the
 * app can read every document it wrote.
 */
export async function seedDemoData(target: SeedTarget, now: Date = new Date()): Promise<DemoSummary> {
  await clearEmulatorData(target);
  const auth = new AuthEmulator({ host: target.authHost, projectId: target.projectId });
  return playDemoScenario(target, now, (account) => auth.createAccount(account));
}

/**
 * Plays the demo scenario into the project's Firestore (which it expects empty) and hands each account
 * it needs to `createAccount`; checks that the app can read every document it wrote.
 */
export async function playDemoScenario(
  target: Pick<SeedTarget, "projectId" | "firestoreHost">,
  now: Date,
  createAccount: (account: NewAccount) => Promise<void>,
): Promise<DemoSummary> {
  const app = initializeApp({ projectId: target.projectId }, `vicino-seed-${randomUUID()}`);
  try {
    const db = configureFirestore(getFirestore(app), target.firestoreHost);
    const writer = new AdminSeedWriter(db, (persona) =>
      createAccount({
        uid: persona.uid,
        email: persona.email,
        password: persona.password,
        displayName: persona.displayName,
        // Demo addresses are proved, as after the link of a confirmation e-mail.
        emailVerified: true,
      }),
    );
    const summary = await runDemoScenario(writer, now);
    // The demo shops' catalogues: the feed's 'Ce l'hai a …' from the first start.
    await seedCatalogues(db, now);
    // The market dashboard's rollups for the scenario's days (its two weeks and a day), as the nightly
    // reconciliation would leave them: /admin/mercato has numbers from the first start.
    await reconcileMarketRollups({ db, now: () => now, days: 15 });
    // Past offers' prices around Milano, so price guidance shows a range from the first start.
    await seedPastPrices(db, now);
    await verifySeededData(db);
    return summary;
  } finally {
    await deleteApp(app);
  }
}
