import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { lazyModule } from "@/lib/page-data";

const decisionsModule = lazyModule(() => import("@/data/decisions"));
const keys = { mine: (uid: string) => ["my-decisions", uid] as const };

/** The decisions that concern the signed-in person (empty for almost everyone). */
export function useMyDecisions(uid: string) {
  return useQuery({
    queryKey: keys.mine(uid),
    queryFn: async () => (await decisionsModule()).listMyDecisions(uid),
  });
}

/** 'Chiedi una revisione': once per decision; the list is read again. */
export function useAppealDecision(uid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { decisionId: string; text: string }) =>
      (await decisionsModule()).appealDecision(input),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.mine(uid) }),
  });
}
