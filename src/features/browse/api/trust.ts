import { useMutation, useQuery } from "@tanstack/react-query";
import { listMyBlocks, reportContent } from "@/data/moderation";
import type { ReportContentInput } from "@/domain/moderation";

/** The ids of the people the shop blocked: their requests are left out of its feed. */
export function useBlockedIds(uid: string) {
  return useQuery({
    queryKey: ["my-blocks", uid],
    queryFn: () => listMyBlocks(uid),
    select: (blocks) => new Set(blocks.map((block) => block.blockedId)),
  });
}

export function useReport() {
  return useMutation({ mutationFn: (input: ReportContentInput) => reportContent(input) });
}
