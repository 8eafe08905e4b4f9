import { ACCOUNT_GUARD } from "@/domain/people/account-standing";
import { liftSuspensionInputSchema } from "@/domain/people/moderation";
import { MODERATION_MESSAGES } from "@/domain/people/trust-messages";
import { runDeal } from "../deals/deal-store";
import { guardedCall } from "../lib/account-guard";
import { adminAuth, adminDb } from "../lib/admin";
import { callableOptions } from "../lib/global-options";
import { parseCallableInput } from "../lib/http-errors";
import { sized } from "../lib/sizing";
import { requireAdmin } from "./admin-claim";
import { liftSuspensionOf } from "./suspension";

/** liftSuspension({uid}): an admin gives a suspended account back its access and its requests. */
export const liftSuspension = guardedCall(
  ACCOUNT_GUARD.admin,
  sized("liftSuspension", callableOptions),
  (request): Promise<{ ok: true }> => {
    const admin = requireAdmin(request);
    return runDeal("liftSuspension", admin, MODERATION_MESSAGES.liftFailed, async () => {
      const { uid } = parseCallableInput(liftSuspensionInputSchema, request.data);
      await liftSuspensionOf({ db: adminDb(), auth: adminAuth(), now: () => new Date() }, uid);
      return { ok: true as const };
    });
  },
);
