import { Link, useSearchParams } from "react-router";
import { CategoryScopeToggle } from "@/components/marketplace/category-scope-toggle";
import { LocationNotice } from "@/components/marketplace/location-notice";
import { paths } from "@/config/paths";
import { browseZoneLine } from "@/domain/core/page-leads";
import { PRODUCT_NAME } from "@/domain/core/product";
import { LEGAL_LINK_LABELS } from "@/domain/legal/legal";
import { useMerchantLocation } from "@/lib/merchant-location";
import { useSession } from "@/lib/session/session-provider";
import {
  type BrowseFilters as Filters,
  filtersFromSearchParams,
  filtersToSearchParams,
  useNearbyFeed,
} from "./api/nearby-feed";
import { BrowseFilters } from "./components/browse-filters";
import { BROWSE_CLASSES, BrowseHeader } from "./components/browse-shell";
import { FeedResults } from "./components/feed-results";

const NO_CATEGORIES: readonly never[] = [];

/**
 * `/browse`: the requests around the shop, newest first, with filters (spec §2, architecture §4). It
 * opens on the shop's own categories, every category one tap away.
 */
export function BrowsePage() {
  const location = useMerchantLocation();
  const { user, userData } = useSession();
  const uid = user?.uid ?? "";
  const own = userData?.shop?.categories ?? NO_CATEGORIES;
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFromSearchParams(searchParams);
  const feed = useNearbyFeed(uid, location, filters, own);
  const applied = filtersToSearchParams(filters).toString();

  const search = (next: Filters) => {
    const params = filtersToSearchParams(next);
    // 'Cerca' with unchanged filters looks again for new requests.
    if (params.toString() === applied) void feed.refetch();
    else setSearchParams(params);
  };

  return (
    <div className={BROWSE_CLASSES}>
      <title>{`Richieste vicino a te · ${PRODUCT_NAME}`}</title>
      <BrowseHeader
        zone={browseZoneLine(
          filters.radiusKm,
          location.isDefault ? "Milano" : location.address || "il tuo negozio",
        )}
      />
      {location.isDefault ? <LocationNotice /> : null}
      <CategoryScopeToggle
        scope={filters.category}
        own={own}
        onChange={(category) => search({ ...filters, category })}
      />
      <BrowseFilters
        key={applied}
        value={filters}
        own={own}
        onSearch={search}
        searching={feed.isRefetching}
      />
      <Link
        to={paths.rankingPolicy.getHref()}
        className="focus-ring rounded text-sm text-brand-800 underline self-start"
      >
        {LEGAL_LINK_LABELS.ranking}
      </Link>
      <FeedResults feed={feed} uid={uid} own={own} />
    </div>
  );
}
