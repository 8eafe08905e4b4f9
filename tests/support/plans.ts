import { type Firestore, Timestamp } from "firebase-admin/firestore";
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

/** subscriptions/{uid} as stored (dates as Timestamps): what seedSubscription writes. */
export function subscriptionDoc(subscription: Subscription) {
  const stamp = (date: Date | null) => (date ? Timestamp.fromDate(date) : null);
  return {
    ...subscription,
    trialEndsAt: stamp(subscription.trialEndsAt),
    periodEnd: stamp(subscription.periodEnd),
    canceledAt: stamp(subscription.canceledAt),
    updatedAt: Timestamp.fromDate(subscription.updatedAt),
  };
}
