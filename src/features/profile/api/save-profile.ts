import { useMutation } from "@tanstack/react-query";
import { syncProfile } from "@/data/account";
import { updateUserProfile } from "@/data/users";
import type { ShopVerification } from "@/domain/people/shop-verification";
import type { ProfileUpdate } from "@/domain/people/user";

/**
 * Saves the user's own editable fields, then rewrites the public profile from them. A verified shop
 * that changed its categories goes through verifyShop instead of syncProfile (it writes users/{uid}.shop
 * and rewrites the profile itself). Failures reach the global 'Errore' toast; the session's live
 * users/{uid} shows the saved values.
 */
export async function saveProfile(uid: string, update: ProfileUpdate, shop: ShopVerification | null = null) {
  await updateUserProfile(uid, update);
  if (shop) await (await import("@/data/shops")).verifyShop(shop);
  else await syncProfile();
}

export function useSaveProfile() {
  return useMutation({
    mutationFn: ({
      uid,
      update,
      shop,
    }: {
      uid: string;
      update: ProfileUpdate;
      shop?: ShopVerification | null;
    }) => saveProfile(uid, update, shop ?? null),
  });
}
