import { verifyMagicLink } from "@/data/account";
import { signInWithToken } from "@/data/auth";
import { getUser } from "@/data/users";
import { callableErrorMessage } from "@/domain/boundary/errors";
import { ERROR_MESSAGES } from "@/domain/core/common-messages";
import type { UserType } from "@/domain/core/user-type";
import { errorCode } from "@/domain/people/auth-errors";
import { clearPendingUserType } from "@/lib/pending-user-type";
import { onceByKey } from "../lib/once";

export type MagicLinkSignIn = { userType: UserType; displayName: string | null };

/** Thrown with the Italian text the error state shows. */
export class MagicLinkError extends Error {
  override name = "MagicLinkError";
}

const once = onceByKey<MagicLinkSignIn>();

/**
 * verifyMagicLink({token}) → signInWithCustomToken → users/{uid} (spec §7). A token is single use:
 * each one is verified at most once per page load, whatever React does with effects.
 * Errors: 'Token non valido o scaduto' from the function, else 'Errore durante la verifica del magic link'.
 */
export function signInWithMagicLink(token: string): Promise<MagicLinkSignIn> {
  return once(token, async () => {
    try {
      const { customToken, userType } = await verifyMagicLink({ token });
      const account = await signInWithToken(customToken);
      const user = await getUser(account.uid).catch((error: unknown) => {
        console.error("Profile not read after the magic link", error);
        return null;
      });
      clearPendingUserType();
      return { userType, displayName: user?.displayName ?? account.displayName };
    } catch (error) {
      console.error("Magic link verification failed", errorCode(error), error);
      throw new MagicLinkError(callableErrorMessage(error, ERROR_MESSAGES.magicLinkVerify));
    }
  });
}
