import { useMutation } from "@tanstack/react-query";
import { syncProfile } from "@/data/account";
import { updateUserProfile } from "@/data/users";
import type { ProfileUpdate } from "@/domain/user";

/**
 * Saves the user's own editable fields, then rewrites the public profile from them. Failures reach
 * the global 'Errore' toast; the session's live users/{uid} shows the saved values.
 */
export async function saveProfile(uid: string, update: ProfileUpdate): Promise<void> {
  await updateUserProfile(uid, update);
  await syncProfile();
}

export function useSaveProfile() {
  return useMutation({
    mutationFn: ({ uid, update }: { uid: string; update: ProfileUpdate }) => saveProfile(uid, update),
  });
}
