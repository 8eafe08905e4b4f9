import type { Firestore } from "firebase-admin/firestore";
import { subscriptionDoc } from "../../functions/src/billing/subscription-store";
import { type Subscription, trialSubscription } from "../../src/domain/billing/plans";
import { COLLECTIONS } from "../../src/domain/core/collections";

/**
 * Test data for shops' plans: what verifyShop writes for a new shop (the free month), for tests that
 * seed a verified shop directly instead of calling verifyShop.
 */
export async function seedTrial(db: Firestore, uid: string, verifiedAt = new Date()): Promise<void> {
  await seedSubscription(db, trialSubscription(uid, verifiedAt));
}

export async function seedSubscription(db: Firestore, subscription: Subscription): Promise<void> {
  await db.collection(COLLECTIONS.subscriptions).doc(subscription.uid).set(subscriptionDoc(subscription));
}

/** subscriptions/{uid} as the functions store it (dates as Timestamps, the reminder's date): what seedSubscription writes. */
export { subscriptionDoc } from "../../functions/src/billing/subscription-store";
