import type { DocumentData, Firestore } from "firebase-admin/firestore";
import { onDocumentWritten } from "firebase-functions/firestore";
import { COLLECTIONS } from "@/domain/core/collections";
import { type ShopIndexEntry, shopIndexEntry } from "@/domain/notifications/shop-reach";
import { isVerifiedShop } from "@/domain/people/shop-status";
import { adminDb } from "../lib/admin";
import { region } from "../lib/global-options";
import { sized } from "../lib/sizing";

/** The shop-index entry a users/{uid} document calls for (null: the shop should hear of nothing). */
export function indexEntryOf(user: DocumentData | undefined): ShopIndexEntry | null {
  if (!user) return null;
  const verified =
    isVerifiedShop({ userType: String(user.userType ?? ""), shop: user.shop }) && user.suspendedAt == null;
  return shopIndexEntry({ verified, location: user.location, categories: user.shop?.categories });
}

const sameEntry = (a: ShopIndexEntry | null, b: ShopIndexEntry | null) =>
  JSON.stringify(a) === JSON.stringify(b);

/**
 * Keeps shopIndex/{uid} in step with users/{uid}: written when a shop is verified, moves or changes its
 * categories, deleted when it stops being a verified shop (or its account is deleted or suspended).
 * Writes only on a change, so the many other writes to users/{uid} (tokens, presence) cost no write.
 */
export async function syncShopIndex(
  db: Firestore,
  uid: string,
  before: DocumentData | undefined,
  after: DocumentData | undefined,
): Promise<"written" | "deleted" | "unchanged"> {
  const previous = before === undefined ? undefined : indexEntryOf(before);
  const next = indexEntryOf(after);
  if (previous !== undefined && sameEntry(previous, next)) return "unchanged";
  const ref = db.collection(COLLECTIONS.shopIndex).doc(uid);
  if (next) {
    await ref.set(next);
    return "written";
  }
  await ref.delete();
  return "deleted";
}

export const onUserWritten = onDocumentWritten(
  sized("onUserWritten", { document: `${COLLECTIONS.users}/{uid}`, region }),
  async (event) => {
    await syncShopIndex(adminDb(), event.params.uid, event.data?.before.data(), event.data?.after.data());
  },
);
