import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { getPublicProfile } from "@/data/profiles";
import { moderationModule, trustKeys } from "@/lib/trust";

const profileKey = (uid: string) => ["public-profile", uid] as const;

/** Blocks or unblocks the other participant; the lists follow. */
export function useSetBlock(uid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { userId: string; blocked: boolean }) =>
      (await moderationModule()).setBlock(input),
    onSuccess: () => client.invalidateQueries({ queryKey: trustKeys.blocks(uid) }),
  });
}

/** The other participant's public profile (suspended or deleted accounts are shown as such). */
export function useOtherProfile(otherId: string) {
  return useQuery({ queryKey: profileKey(otherId), queryFn: () => getPublicProfile(otherId) });
}
