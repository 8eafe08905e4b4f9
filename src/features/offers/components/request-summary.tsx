import { RequestPhotos } from "@/components/marketplace/request-photo";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { SparklesIcon } from "@/components/ui/icons";
import {
  CATEGORY_LABELS,
  CONDITION_LABELS,
  DELIVERY_PREFERENCE_LABELS,
  URGENCY_LABELS,
} from "@/domain/core/enums";
import { distanceKm, type LatLng } from "@/domain/geo/geo";
import type { Request } from "@/domain/marketplace/request";
import { displayProductName } from "@/domain/products/product-name";
import { formatBudget, formatDistance, formatRelativeDate } from "@/lib/format";

/** What the buyer asked for, beside the offer form (spec §2 Make-offer page). */
export function RequestSummary({ request, shop }: { request: Request; shop: LatLng }) {
  const details = request.productDetails;
  const rows: Array<[string, string | undefined]> = [
    ["Budget", formatBudget(request.budget)],
    ["Urgenza", URGENCY_LABELS[request.urgency]],
    ["Consegna", DELIVERY_PREFERENCE_LABELS[request.deliveryPreference]],
    ["Zona", `${request.location.address} · raggio ${request.actionRadius} km`],
    ["Distanza", `${formatDistance(distanceKm(shop, request.location))} dal tuo negozio`],
    ["Condizione", details.condition ? CONDITION_LABELS[details.condition] : undefined],
    ["Taglia", details.size],
    ["Colore", details.color],
    ["Materiale", details.material],
    ["Specifiche", details.specifications],
  ];
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="brand">{CATEGORY_LABELS[request.category]}</Badge>
          {request.aiGenerated ? (
            <Badge tone="accent">
              <SparklesIcon className="size-3.5" />
              AI generata
            </Badge>
          ) : null}
        </div>
        <CardTitle as="h2" className="text-xl break-words">
          {displayProductName(request.productName)}
        </CardTitle>
        <p className="text-sm text-slate-600">
          Pubblicata{" "}
          <time dateTime={request.createdAt.toISOString()}>{formatRelativeDate(request.createdAt)}</time>
        </p>
      </CardHeader>
      <CardContent className="space-y-4">
        <RequestPhotos
          requestId={request.id}
          productName={displayProductName(request.productName)}
          photoCount={request.photoCount}
          size="md"
        />
        {request.description ? (
          <p className="whitespace-pre-line text-slate-800">{request.description}</p>
        ) : null}
        <dl className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
          {rows
            .filter((row): row is [string, string] => Boolean(row[1]))
            .map(([term, value]) => (
              <div key={term} className="min-w-0">
                <dt className="text-slate-600">{term}</dt>
                <dd className="font-medium break-words text-slate-900">{value}</dd>
              </div>
            ))}
        </dl>
      </CardContent>
    </Card>
  );
}
