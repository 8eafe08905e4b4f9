import { Link } from "react-router";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { MERCHANT_DASHBOARD_NEARBY_REQUESTS } from "@/domain/limits";
import { ERROR_MESSAGES, MERCHANT_MESSAGES } from "@/domain/messages";
import { shortAddress } from "@/domain/request";
import { formatBudget, formatDistance } from "@/lib/format";
import type { useZoneRequests } from "../api/dashboard";

/** The newest requests around the shop, each with 'Offri' (spec §2; addresses cut to 30 characters). */
export function NearbyRequests({ zone }: { zone: ReturnType<typeof useZoneRequests> }) {
  const requests = zone.data?.requests.slice(0, MERCHANT_DASHBOARD_NEARBY_REQUESTS) ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Richieste vicino a te</CardTitle>
      </CardHeader>
      <CardContent>
        {zone.isPending ? (
          <Spinner label="Caricamento delle richieste…" />
        ) : zone.isError ? (
          <p role="alert" className="font-medium text-red-800">
            {ERROR_MESSAGES.loadRequests}
          </p>
        ) : requests.length === 0 ? (
          <p className="text-slate-700">{MERCHANT_MESSAGES.noNearbyRequests}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {requests.map((request) => (
              <li key={request.id} className="flex items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="truncate font-medium text-slate-900">{request.productName}</p>
                  <p className="text-sm text-slate-600">
                    {shortAddress(request.location.address)} · {formatDistance(request.distanceKm)} ·{" "}
                    {formatBudget(request.budget)}
                  </p>
                </div>
                <Link to={paths.makeOffer.getHref(request.id)} className={buttonClasses({ size: "sm" })}>
                  Offri<span className="sr-only"> per {request.productName}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <CardFooter>
        <Link to={paths.browse.getHref()} className={buttonClasses({ variant: "secondary", size: "sm" })}>
          Vedi tutte le richieste
        </Link>
      </CardFooter>
    </Card>
  );
}
