import { z } from "zod";
import { SIGNUP_TOAST_DURATION_MS } from "./limits.ts";

/** Toast shape of spec §3. */
export const toastVariantSchema = z.enum(["default", "destructive"]);
export type ToastVariant = z.infer<typeof toastVariantSchema>;

export const toastSchema = z.object({
  id: z.string().min(1),
  title: z.string().min(1),
  description: z.string().optional(),
  variant: toastVariantSchema.default("default"),
  duration: z.number().int().positive().optional(),
});
export type Toast = z.infer<typeof toastSchema>;

/** Marketplace flow toasts last 4 s (spec §9). */
export const TOAST_DEFAULT_DURATION_MS = 4000;

/**
 * A toast of the sign-up flow (/auth and the pages its e-mailed links open): it lasts
 * SIGNUP_TOAST_DURATION_MS, 5 s, a second longer than the marketplace's (spec §9).
 */
export function signUpFlowToast<T extends { title: string }>(toast: T): T & { duration: number } {
  return { ...toast, duration: SIGNUP_TOAST_DURATION_MS };
}
/** Every error toast is titled 'Errore' (spec §8). */
export const ERROR_TOAST_TITLE = "Errore";
/** Google sign-in failures use their own title (spec §8). */
export const GOOGLE_ERROR_TOAST_TITLE = "Errore Google Login";
