import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { hasAdminRole } from "@/data/admin-role";
import { listReports, moderateReport } from "@/data/moderation";
import type { AppealOutcome, DecisionReasons } from "@/domain/people/decisions";
import type { ModerationAction } from "@/domain/people/moderation";

const keys = { role: ["admin-role"] as const, reports: ["admin-reports"] as const };

export function useAdminRole() {
  return useQuery({ queryKey: keys.role, queryFn: hasAdminRole });
}

/** The moderation queue (open reports oldest first, then the latest decided). */
export function useReportQueue(enabled: boolean) {
  return useQuery({
    queryKey: keys.reports,
    queryFn: listReports,
    enabled,
    select: (answer) => answer.reports,
  });
}

export function useModerate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { reportId: string; action: ModerationAction } & DecisionReasons) =>
      moderateReport(input),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.reports }),
  });
}

const appealKeys = ["admin-appeals"] as const;

/** The pending requests for review of decisions, oldest first, each with its decision. */
export function useAppealQueue(enabled: boolean) {
  return useQuery({
    queryKey: appealKeys,
    queryFn: async () => (await import("@/data/decisions")).listAppeals(),
    enabled,
    select: (answer) => answer.appeals,
  });
}

export function useDecideAppeal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { decisionId: string; outcome: AppealOutcome; text: string }) =>
      (await import("@/data/decisions")).decideAppeal(input),
    onSuccess: () => client.invalidateQueries({ queryKey: appealKeys }),
  });
}
