import { useMutation, useQuery } from "@tanstack/react-query";
import { listMyBlocks, reportContent } from "@/data/moderation";
import type { ReportContentInput } from "@/domain/moderation";

/** One function for every render, so react-query keeps the same Set until the blocks change. */
const blockedIdsOf = (blocks: Awaited<ReturnType<typeof listMyBlocks>>): Set<string> =>
  new Set(blocks.map((block) => block.blockedId));

/** The ids of the people the shop blocked: their requests are left out of its feed. */
export function useBlockedIds(uid: string) {
  return useQuery({ queryKey: ["my-blocks", uid], queryFn: () => listMyBlocks(uid), select: blockedIdsOf });
}

export function useReport() {
  return useMutation({ mutationFn: (input: ReportContentInput) => reportContent(input) });
}
