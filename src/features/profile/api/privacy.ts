import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useToast } from "@/components/ui/toast";
import { listMyBlocks, listMyReports, setBlock } from "@/data/moderation";
import { deleteMyAccount, exportMyData } from "@/data/privacy";
import { type ReauthMethod, reauthenticate, reauthMethod } from "@/data/reauth";
import { PRIVACY_MESSAGES } from "@/domain/people/trust-messages";

/** Starts a download of `content` as a file named `fileName` (a JSON export). */
export function downloadJson(fileName: string, content: unknown): void {
  const blob = new Blob([JSON.stringify(content, null, 2)], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has the file by now; the URL would otherwise live as long as the page.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * 'Scarica i miei dati': the export, downloaded as a JSON file, then 'Il file con i tuoi dati è pronto.'.
 * The toast is the mutation's own, not the click's: React Query drops a callback given to `mutate` when
 * the component that called it is no longer mounted as the export ends, and the file would arrive
 * without a word (a clean-clone run's screen test once waited 5 s for this toast in vain).
 */
export function useExportMyData() {
  const { toast } = useToast();
  return useMutation({
    mutationFn: async () => {
      const result = await exportMyData();
      downloadJson(result.fileName, { exportedAt: result.exportedAt, ...result.data });
      return result.fileName;
    },
    onSuccess: () => toast({ title: PRIVACY_MESSAGES.exportReady }),
  });
}

export function useReauthMethod(enabled: boolean) {
  return useQuery({ queryKey: ["reauth-method"], queryFn: reauthMethod, enabled, staleTime: Infinity });
}

/** Re-authentication (password or Google) then deleteMyAccount; the page signs out afterwards. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: async ({ method, password }: { method: ReauthMethod; password: string }) => {
      if (method !== "link") await reauthenticate(method, password);
      await deleteMyAccount();
    },
  });
}

export const trustKeys = {
  reports: (uid: string) => ["my-reports", uid] as const,
  blocks: (uid: string) => ["my-blocks", uid] as const,
};

export function useMyReports(uid: string) {
  return useQuery({ queryKey: trustKeys.reports(uid), queryFn: () => listMyReports(uid) });
}

export function useMyBlocks(uid: string) {
  return useQuery({ queryKey: trustKeys.blocks(uid), queryFn: () => listMyBlocks(uid) });
}

export function useUnblock(uid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => setBlock({ userId, blocked: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: trustKeys.blocks(uid) }),
  });
}
