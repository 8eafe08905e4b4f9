import { useMutation } from "@tanstack/react-query";
import type { UserType } from "@/domain/core/user-type";
import { isEmailProven } from "@/domain/people/shop-status";
import { useSession } from "./session/session-provider";

/**
 * The e-mail proof link: the magic link (createMagicLink), the one step every account takes to prove its
 * address (the shop's verification, /profile, the rating, a request held until the proof). Opening it
 * signs in with a proven address; the server then releases the buyer's held requests
 * (functions/src/requests/release-held.ts). Failures reach the global 'Errore' toast. The data module
 * loads with the first tap, not with the page.
 */
export function useSendProofLink(userType: UserType) {
  return useMutation({
    mutationFn: async (email: string) =>
      (await import("@/data/account")).createMagicLink({ email, userType }),
  });
}

/** Whether the signed-in account has proved its e-mail (Auth: verified, or Google); false while unknown. */
export function useEmailProven(): boolean {
  const { user } = useSession();
  return user ? isEmailProven(user) : false;
}
