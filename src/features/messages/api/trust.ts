import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { listMyBlocks, reportContent, setBlock } from "@/data/moderation";
import { getPublicProfile } from "@/data/profiles";
import type { ReportContentInput } from "@/domain/moderation";

const keys = {
  blocks: (uid: string) => ["my-blocks", uid] as const,
  profile: (uid: string) => ["public-profile", uid] as const,
};

/** One function for every render, so react-query keeps the same Set until the blocks change. */
const blockedIdsOf = (blocks: Awaited<ReturnType<typeof listMyBlocks>>): Set<string> =>
  new Set(blocks.map((block) => block.blockedId));

/** The ids of the people `uid` blocked: their conversations are hidden and their messages refused. */
export function useBlockedIds(uid: string) {
  return useQuery({ queryKey: keys.blocks(uid), queryFn: () => listMyBlocks(uid), select: blockedIdsOf });
}

/** Blocks or unblocks the other participant; the lists follow. */
export function useSetBlock(uid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { userId: string; blocked: boolean }) => setBlock(input),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.blocks(uid) }),
  });
}

export function useReport() {
  return useMutation({ mutationFn: (input: ReportContentInput) => reportContent(input) });
}

/** The other participant's public profile (suspended or deleted accounts are shown as such). */
export function useOtherProfile(otherId: string) {
  return useQuery({ queryKey: keys.profile(otherId), queryFn: () => getPublicProfile(otherId) });
}
