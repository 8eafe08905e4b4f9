import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { RESPONSE_TIME_MESSAGES as M, type ResponseBucket } from "@/domain/market/response-time-messages";
import { useAreaResponseStats, useShopResponseStats } from "@/lib/shop-response-time";

const said = (bucket: ResponseBucket | null | undefined) => (bucket ? M.within(bucket) : M.notEnough);

/**
 * The shop's own response time beside its area's (about 5 km around it), both coarse buckets kept by
 * the server (src/domain/market/response-time.ts), read after the dashboard has painted.
 */
export function ResponseTimeCard({ uid }: { uid: string }) {
  const own = useShopResponseStats(uid);
  const area = useAreaResponseStats(own.data?.area);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{M.ownLabel}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-slate-900">
          <dt className="text-slate-600">{M.yours}</dt>
          <dd className="font-semibold">{own.isPending ? "…" : said(own.data?.responseBucket)}</dd>
          <dt className="text-slate-600">{M.areaLabel}</dt>
          <dd className="font-semibold">{area.isFetching ? "…" : said(area.data?.responseBucket)}</dd>
        </dl>
        <p className="mt-2 text-sm text-slate-600">{M.hint}</p>
      </CardContent>
    </Card>
  );
}
