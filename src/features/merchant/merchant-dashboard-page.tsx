import { memo, useDeferredValue } from "react";
import { LocationNotice } from "@/components/marketplace/location-notice";
import { TokenWallet } from "@/components/tokens/token-wallet";
import { PRODUCT_NAME } from "@/domain/product";
import { isVerifiedShop } from "@/domain/shop-status";
import { publicName } from "@/domain/user";
import { useMerchantLocation } from "@/lib/merchant-location";
import { useSession } from "@/lib/session/session-provider";
import { useOfferStats, useRecentOffers, useZoneRequests } from "./api/dashboard";
import { DashboardStats } from "./components/dashboard-stats";
import { MERCHANT_DASHBOARD_CLASSES, MerchantGreeting } from "./components/merchant-page-top";
import { NearbyRequests } from "./components/nearby-requests";
import { PlanCard } from "./components/plan-card";
import { QuickLinks } from "./components/quick-links";
import { RecentOffers } from "./components/recent-offers";
import { ShopVerificationPanel } from "./components/shop-verification-panel";

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
      {verified && userData ? <ShopDashboard uid={userData.uid} /> : <ShopVerificationPanel />}
    </div>
  );
}

/** The verified shop's dashboard: zone feed, offer counts, latest offers. */
function ShopDashboard({ uid }: { uid: string }) {
  const location = useMerchantLocation();
  const zone = useZoneRequests(uid, location);
  const stats = useOfferStats(uid);
  const recent = useRecentOffers(uid);
  // A query's answer re-renders this component at once, in one task (useSyncExternalStore); the numbers
  // and lists render from a deferred copy instead, in React's sliced background render, so the zone's,
  // the counts' and the offers' answers never each make a long task (docs/lighthouse.md).
  const lists = useDeferredValue({ zone, stats, recent });
  return (
    <>
      {location.isDefault ? <LocationNotice /> : null}
      <PlanCard uid={uid} />
      <ShopLists uid={uid} lists={lists} />
    </>
  );
}

const ShopLists = memo(function ShopLists({
  uid,
  lists: { zone, stats, recent },
}: {
  uid: string;
  lists: {
    zone: ReturnType<typeof useZoneRequests>;
    stats: ReturnType<typeof useOfferStats>;
    recent: ReturnType<typeof useRecentOffers>;
  };
}) {
  return (
    <>
      <DashboardStats zone={zone} offers={stats} />
      <QuickLinks shopId={uid} />
      <div className="grid gap-6 lg:grid-cols-2">
        <NearbyRequests zone={zone} />
        <RecentOffers offers={recent} />
      </div>
    </>
  );
});
