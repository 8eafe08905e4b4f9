import { useMutation, useQuery } from "@tanstack/react-query";
import { listMyBlocks, reportContent } from "@/data/moderation";
import type { ReportContentInput } from "@/domain/people/moderation";

/** The query keys both sides' trust features share (the messages screen and the shop's feed). */
export const trustKeys = {
  blocks: (uid: string) => ["my-blocks", uid] as const,
};

/** One function for every render, so react-query keeps the same Set until the blocks change. */
const blockedIdsOf = (blocks: Awaited<ReturnType<typeof listMyBlocks>>): Set<string> =>
  new Set(blocks.map((block) => block.blockedId));

/**
 * The ids of the people `uid` blocked: their conversations are hidden and their messages refused; a
 * shop's feed leaves their requests out.
 */
export function useBlockedIds(uid: string) {
  return useQuery({
    queryKey: trustKeys.blocks(uid),
    queryFn: () => listMyBlocks(uid),
    select: blockedIdsOf,
  });
}

/** Reports a message, a request or a person to the moderators. */
export function useReport() {
  return useMutation({ mutationFn: (input: ReportContentInput) => reportContent(input) });
}
