import { useId } from "react";
import { isEmailProven } from "@/domain/shop-status";
import { SHOP_VERIFICATION_COPY } from "@/domain/shop-verification-messages";
import { useSession } from "@/lib/session/session-provider";
import { initialShopValues } from "../lib/shop-form";
import { EmailStep } from "./email-step";
import { ShopVerificationForm } from "./shop-verification-form";
import { VerificationStep } from "./verification-step";

/**
 * What an unverified merchant sees on /merchant instead of the dashboard (whose feed the rules would
 * refuse): confirm the e-mail, then the shop's details. Once verifyShop has written users/{uid}.shop,
 * the session's live document brings it and the page shows the dashboard.
 */
export function ShopVerificationPanel() {
  const { user, userData } = useSession();
  const titleId = useId();
  const email = userData?.email ?? user?.email ?? "";
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
      <ol className="space-y-8">
        <EmailStep email={email} proven={user ? isEmailProven(user) : false} />
        <VerificationStep number={2} title={SHOP_VERIFICATION_COPY.shopStep}>
          <ShopVerificationForm initial={initialShopValues(userData)} />
        </VerificationStep>
      </ol>
    </section>
  );
}
