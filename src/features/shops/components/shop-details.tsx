import type { ReactNode } from "react";
import { OpeningHours } from "@/components/marketplace/opening-hours";
import { ShopRating } from "@/components/marketplace/shop-rating";
import { MapPinIcon } from "@/components/ui/icons";
import { CATEGORY_LABELS } from "@/domain/core/enums";
import { SHOP_PAGE_MESSAGES } from "@/domain/people/shop-page";
import type { PublicProfile } from "@/domain/people/user";

/** A phone number as a tel: link (digits and a leading +). */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

/**
 * The shop's facts: rating, address, phone, opening hours (open now or not, the week, the notes),
 * categories; what is missing says so.
 */
export function ShopDetails({ profile }: { profile: PublicProfile }) {
  const shop = profile.shop;
  const address = shop?.address ?? profile.zone;
  const rows: Array<{ label: string; value: ReactNode }> = [
    {
      label: "Indirizzo",
      value: address ? (
        <span className="inline-flex items-start gap-1">
          <MapPinIcon className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
          {address}
        </span>
      ) : (
        <span className="text-slate-600">—</span>
      ),
    },
    {
      label: "Telefono",
      value: shop?.phone ? (
        <a href={telHref(shop.phone)} className="focus-ring rounded font-medium text-brand-800 underline">
          {shop.phone}
        </a>
      ) : (
        <span className="text-slate-600">{SHOP_PAGE_MESSAGES.noPhone}</span>
      ),
    },
    {
      label: "Orari",
      value: (
        <OpeningHours
          weeklyHours={shop?.weeklyHours}
          notes={shop?.openingHours}
          emptyText={SHOP_PAGE_MESSAGES.noHours}
        />
      ),
    },
    {
      label: "Categorie",
      value:
        shop && shop.categories.length > 0 ? (
          <ul className="flex flex-wrap gap-1.5" aria-label="Categorie">
            {shop.categories.map((category) => (
              <li key={category} className="rounded-full bg-brand-50 px-2.5 py-0.5 text-sm text-brand-900">
                {CATEGORY_LABELS[category]}
              </li>
            ))}
          </ul>
        ) : (
          <span className="text-slate-600">{SHOP_PAGE_MESSAGES.noCategories}</span>
        ),
    },
  ];
  return (
    <div className="space-y-4">
      <ShopRating average={profile.averageRating} count={profile.totalRatings} />
      <dl className="divide-y divide-slate-100">
        {rows.map(({ label, value }) => (
          <div key={label} className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4">
            <dt className="text-sm font-medium text-slate-600">{label}</dt>
            <dd className="break-words text-slate-900 sm:col-span-2">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
