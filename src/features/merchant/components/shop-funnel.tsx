import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { SHOP_FUNNEL_MESSAGES as M } from "@/domain/market/shop-funnel";
import { useShopFunnel } from "../api/dashboard";

/** This month's 'Offerte → Accettate → Acquisti verificati', from the server's counters. */
export function ShopFunnel({ uid }: { uid: string }) {
  const funnel = useShopFunnel(uid);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{M.title}</CardTitle>
      </CardHeader>
      <CardContent>
        {funnel.isPending ? (
          <Spinner label={`${M.title}…`} />
        ) : funnel.isError ? (
          <p role="alert" className="font-medium text-red-800">
            {M.loadError}
          </p>
        ) : (
          <ol className="flex flex-wrap items-center gap-2 text-slate-900" aria-label={M.title}>
            {(
              [
                [M.offers, funnel.data.offers],
                [M.accepted, funnel.data.accepted],
                [M.verified, funnel.data.verified],
              ] as const
            ).map(([label, count], index) => (
              <li key={label} className="flex items-center gap-2">
                {index > 0 ? <span aria-hidden="true">→</span> : null}
                <span>
                  {label}: <strong>{count}</strong>
                </span>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
