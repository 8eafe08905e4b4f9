import { useCallback } from "react";
import { type ToastOptions, useToast } from "@/components/ui/toast";
import { signUpFlowToast } from "@/domain/core/toast";

/** The sign-up flow's toast: the marketplace's, lasting the flow's 5 s (signUpFlowToast, spec §9). */
export function useSignUpFlowToast(): (options: ToastOptions) => string {
  const { toast } = useToast();
  return useCallback((options: ToastOptions) => toast(signUpFlowToast(options)), [toast]);
}
