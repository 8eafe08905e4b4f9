import { useId } from "react";
import { isEmailProven, SHOP_STATUS } from "@/domain/people/shop-status";
import {
  SHOP_VERIFICATION_COPY,
  SHOP_VERIFICATION_MESSAGES,
} from "@/domain/people/shop-verification-messages";
import { useSession } from "@/lib/session/session-provider";
import { initialShopValues } from "../lib/shop-form";
import { EmailStep } from "./email-step";
import { ShopVerificationForm } from "./shop-verification-form";
import { VerificationStep } from "./verification-step";

/**
 * What an unverified merchant sees on /merchant instead of the dashboard (whose feed the rules would
 * refuse): confirm the e-mail, then the shop's details. Once sent, the shop waits ('In attesa di
 * verifica') until an admin approves it; a refused shop reads the reason above the form and may send
 * its details again. When the approval reaches the session's live users/{uid}, the page shows the
 * dashboard.
 */
export function ShopVerificationPanel() {
  const { user, userData } = useSession();
  const titleId = useId();
  const email = userData?.email ?? user?.email ?? "";
  const shop = userData?.shop;
  if (shop?.status === SHOP_STATUS.pending) {
    return (
      <section
        aria-labelledby={titleId}
        className="space-y-2 rounded-(--radius-card) border border-amber-200 bg-amber-50 p-5 shadow-sm sm:p-6"
      >
        <h2 id={titleId} className="text-xl font-bold text-amber-950">
          {SHOP_VERIFICATION_MESSAGES.pendingTitle}
        </h2>
        <p className="text-amber-950">{SHOP_VERIFICATION_MESSAGES.pendingBody}</p>
      </section>
    );
  }
  return (
    <section
      aria-labelledby={titleId}
      className="space-y-6 rounded-(--radius-card) border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="space-y-1.5">
        <h2 id={titleId} className="text-xl font-bold text-slate-900">
          {SHOP_VERIFICATION_COPY.title}
        </h2>
        <p className="text-slate-700">{SHOP_VERIFICATION_COPY.intro}</p>
      </div>
      {shop?.status === SHOP_STATUS.refused ? (
        <div role="alert" className="space-y-1 rounded-lg bg-red-50 px-3 py-2 text-red-900">
          <p className="font-semibold">{SHOP_VERIFICATION_MESSAGES.refusedTitle}</p>
          <p>
            {SHOP_VERIFICATION_MESSAGES.refusedBody} {shop.refusalReason}
          </p>
          <p>{SHOP_VERIFICATION_MESSAGES.refusedRetry}</p>
        </div>
      ) : null}
      <ol className="space-y-8">
        <EmailStep email={email} proven={user ? isEmailProven(user) : false} />
        <VerificationStep number={2} title={SHOP_VERIFICATION_COPY.shopStep}>
          <ShopVerificationForm initial={initialShopValues(userData)} />
        </VerificationStep>
      </ol>
    </section>
  );
}
