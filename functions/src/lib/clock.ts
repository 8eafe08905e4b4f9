import type { Firestore } from "firebase-admin/firestore";
import { COLLECTIONS, TEST_CLOCK_ID } from "@/domain/core/collections";
import { runsOnEmulators } from "../tokens/payment-provider";

/**
 * What time it is for a function. In production, the machine's clock. On the local emulators only
 * (runsOnEmulators: the Functions flag, a Firestore emulator and a demo-* project, all at once), an
 * end-to-end test may move the functions' clock by writing testClock/offset {offsetMs} with the admin
 * SDK, e.g. to let a shop's free month lapse; clients can never write it (firestore.rules).
 */
export async function clockFor(db: Firestore, env: NodeJS.ProcessEnv = process.env): Promise<() => Date> {
  if (!runsOnEmulators(env)) return () => new Date();
  const offset = (await db.collection(COLLECTIONS.testClock).doc(TEST_CLOCK_ID).get()).data()?.offsetMs;
  const offsetMs = typeof offset === "number" && Number.isFinite(offset) ? offset : 0;
  return () => new Date(Date.now() + offsetMs);
}
