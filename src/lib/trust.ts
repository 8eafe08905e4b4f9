import { useMutation, useQuery } from "@tanstack/react-query";
import type { Block, ReportContentInput } from "@/domain/people/moderation";
import { lazyModule } from "./page-data";

// The moderation module (Firestore Lite, Functions) loads with its first use, not with the page that
// shows the blocks or the 'Segnala' button: a page's first paint and first read never wait for Firebase.
export const moderationModule = lazyModule(() => import("@/data/moderation"));

/** The query keys both sides' trust features share (the messages screen and the shop's feed). */
export const trustKeys = {
  blocks: (uid: string) => ["my-blocks", uid] as const,
};

/** One function for every render, so react-query keeps the same Set until the blocks change. */
const blockedIdsOf = (blocks: readonly Block[]): ReadonlySet<string> =>
  new Set(blocks.map((block) => block.blockedId));

/**
 * The ids of the people `uid` blocked: their conversations are hidden and their messages refused; a
 * shop's feed leaves their requests out, a buyer's pages the shops' offers. Until they are known (or if
 * they cannot be read) nothing is hidden: a block hides, it never gates.
 */
export function useBlockedIds(uid: string) {
  return useQuery({
    queryKey: trustKeys.blocks(uid),
    enabled: uid !== "",
    queryFn: async () => (await moderationModule()).listMyBlocks(uid),
    select: blockedIdsOf,
  });
}

/** Reports a message, a request or a person to the moderators. */
export function useReport() {
  return useMutation({
    mutationFn: async (input: ReportContentInput) => (await moderationModule()).reportContent(input),
  });
}
