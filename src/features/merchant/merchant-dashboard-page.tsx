import { lazy, memo, Suspense, useCallback, useDeferredValue } from "react";
import { useSearchParams } from "react-router";
import { LocationNotice } from "@/components/marketplace/location-notice";
import { TokenWallet } from "@/components/tokens/token-wallet";
import { Spinner } from "@/components/ui/spinner";
import type { RequestCategory } from "@/domain/core/enums";
import { PRODUCT_NAME } from "@/domain/core/product";
import {
  CATEGORY_PARAM,
  type CategoryScope,
  categoryScopeFromParam,
  scopeCategories,
  withCategoryScope,
} from "@/domain/marketplace/feed-categories";
import { isVerifiedShop } from "@/domain/people/shop-status";
import { SHOP_VERIFICATION_COPY } from "@/domain/people/shop-verification-messages";
import { publicName } from "@/domain/people/user";
import { useMerchantLocation } from "@/lib/merchant-location";
import { useSession } from "@/lib/session/session-provider";
import { useOfferStats, useRecentOffers, useZoneRequests } from "./api/dashboard";
import { DashboardStats } from "./components/dashboard-stats";
import { MERCHANT_DASHBOARD_CLASSES, MerchantGreeting } from "./components/merchant-shell";
import { NearbyRequests } from "./components/nearby-requests";
import { PlanCard } from "./components/plan-card";
import { QuickLinks } from "./components/quick-links";
import { RecentOffers } from "./components/recent-offers";
import { ResponseTimeCard } from "./components/response-time-card";
import { ShopFunnel } from "./components/shop-funnel";
import { TermsBanner } from "./components/terms-banner";
import { TodaysPickups } from "./components/todays-pickups";
import { UnmetDemand } from "./components/unmet-demand";

const NO_CATEGORIES: readonly RequestCategory[] = [];

// 'Attiva le notifiche' (components/push), loaded once the dashboard has rendered.
const PushPrompt = lazy(() =>
  import("@/components/push/push-prompt").then((module) => ({ default: module.PushPrompt })),
);

// Only a shop not verified yet sees the verification steps (the form, the address field, the e-mail
// proof): their code loads then, not with every verified shop's dashboard (docs/lighthouse.md).
const ShopVerificationPanel = lazy(() =>
  import("./components/shop-verification-panel").then((module) => ({
    default: module.ShopVerificationPanel,
  })),
);

/**
 * `/merchant`: the shop's dashboard (spec §2). The route guard guarantees a signed-in merchant; one the
 * server has not verified yet gets the verification panel instead, and none of the dashboard's queries
 * (the rules refuse the feed to it).
 */
export function MerchantDashboardPage() {
  const { userData } = useSession();
  const name = userData
    ? publicName({ displayName: userData.displayName, businessName: userData.businessName })
    : "";
  const verified = userData ? isVerifiedShop(userData) : false;

  return (
    <div className={MERCHANT_DASHBOARD_CLASSES}>
      <title>{`Area negoziante · ${PRODUCT_NAME}`}</title>
      <MerchantGreeting name={name} wallet={<TokenWallet />} />
      <TermsBanner />
      {verified && userData ? (
        <ShopDashboard uid={userData.uid} own={userData.shop?.categories ?? NO_CATEGORIES} />
      ) : (
        <Suspense fallback={<Spinner label={SHOP_VERIFICATION_COPY.loading} />}>
          <ShopVerificationPanel />
        </Suspense>
      )}
    </div>
  );
}

/**
 * The verified shop's dashboard: zone feed, offer counts, latest offers. The zone opens on the shop's
 * own categories ('Le tue categorie', ?categoria= in the URL like /browse), every category one tap away.
 */
function ShopDashboard({ uid, own }: { uid: string; own: readonly RequestCategory[] }) {
  const location = useMerchantLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const scope = categoryScopeFromParam(searchParams.get(CATEGORY_PARAM));
  const zone = useZoneRequests(uid, location, scopeCategories(scope, own));
  const stats = useOfferStats(uid);
  const recent = useRecentOffers(uid);
  // A query's answer re-renders this component at once, in one task (useSyncExternalStore); the numbers
  // and lists render from a deferred copy instead, in React's sliced background render, so the zone's,
  // the counts' and the offers' answers never each make a long task (docs/lighthouse.md).
  const lists = useDeferredValue({ zone, stats, recent });
  const onScope = useCallback(
    (next: CategoryScope) => setSearchParams((current) => withCategoryScope(current, next)),
    [setSearchParams],
  );
  return (
    <>
      {location.isDefault ? <LocationNotice /> : null}
      <Suspense fallback={null}>
        <PushPrompt uid={uid} audience="shop" />
      </Suspense>
      <PlanCard uid={uid} />
      <ShopLists uid={uid} lists={lists} scope={scope} own={own} onScope={onScope} />
    </>
  );
}

const ShopLists = memo(function ShopLists({
  uid,
  lists: { zone, stats, recent },
  scope,
  own,
  onScope,
}: {
  uid: string;
  lists: {
    zone: ReturnType<typeof useZoneRequests>;
    stats: ReturnType<typeof useOfferStats>;
    recent: ReturnType<typeof useRecentOffers>;
  };
  scope: CategoryScope;
  own: readonly RequestCategory[];
  onScope: (scope: CategoryScope) => void;
}) {
  return (
    <>
      <DashboardStats zone={zone} offers={stats} scope={scope} own={own} />
      <QuickLinks shopId={uid} />
      <div className="grid gap-6 lg:grid-cols-2">
        <NearbyRequests uid={uid} zone={zone} recent={recent} scope={scope} own={own} onScope={onScope} />
        <TodaysPickups uid={uid} />
        <ShopFunnel uid={uid} />
        <ResponseTimeCard uid={uid} />
        <RecentOffers offers={recent} />
        <UnmetDemand zone={zone} />
      </div>
    </>
  );
});
