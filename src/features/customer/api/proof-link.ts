import { useMutation } from "@tanstack/react-query";

/**
 * The e-mail proof link again: the magic link (createMagicLink), as the shops' verification step sends
 * it. Opening it signs the buyer in with a proven address, and the server releases their held requests
 * to the shops (functions/src/requests/release-held.ts). Failures reach the global 'Errore' toast.
 */
export function useResendProofLink() {
  return useMutation({
    mutationFn: async (email: string) =>
      (await import("@/data/account")).createMagicLink({ email, userType: "customer" }),
  });
}
