import {
  SHOP_VERIFICATION_COPY,
  SHOP_VERIFICATION_MESSAGES,
} from "@/domain/people/shop-verification-messages";

/**
 * A shop's verified name and address, shown but not editable: they change only through a new
 * verification (verifyShop sends them to an admin again; the rules refuse them in a profile edit).
 */
export function ShopIdentity({ businessName, address }: { businessName: string; address: string }) {
  return (
    <div className="space-y-2 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm">
      <dl className="grid gap-1 sm:grid-cols-[10rem_1fr]">
        <dt className="text-slate-600">{SHOP_VERIFICATION_COPY.businessName}</dt>
        <dd className="text-slate-900">{businessName}</dd>
        <dt className="text-slate-600">{SHOP_VERIFICATION_COPY.address}</dt>
        <dd className="text-slate-900">{address}</dd>
      </dl>
      <p className="text-slate-700">{SHOP_VERIFICATION_MESSAGES.identityFrozen}</p>
    </div>
  );
}
