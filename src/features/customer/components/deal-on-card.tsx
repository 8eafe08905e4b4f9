import { lazy, Suspense } from "react";
import { ForgetPickupCode } from "@/components/marketplace/forget-pickup-code";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { Offer } from "@/domain/marketplace/offer";
import { PICKUP_MESSAGES, pickupLabel } from "@/domain/marketplace/pickup";
import type { Request } from "@/domain/marketplace/request";
import { canCompleteRequest, isCompletedRequest } from "@/domain/marketplace/state-machine";
import { displayProductName } from "@/domain/products/product-name";
import { useSession } from "@/lib/session/session-provider";
import { lazyDealCalls } from "../api/customer-data";

const PickupCodePanel = lazy(() =>
  import("@/components/marketplace/pickup-code-panel").then((module) => ({
    default: module.PickupCodePanel,
  })),
);
const CompletionForm = lazy(() =>
  import("@/components/marketplace/completion-form").then((module) => ({ default: module.CompletionForm })),
);

const fetchCode = async (offerId: string) => (await import("@/data/pickup-codes")).fetchPickupCode(offerId);

/**
 * The deal where the buyer looks (/customer, /requests): while it is in progress, 'Mostra il codice di
 * ritiro' (the code kept on the device from acceptance until the server's own expiry, for the till
 * offline); once the shop verified it, 'Acquisto verificato' and, until the buyer rated, the rating,
 * optional, in the same card. A code spent or no longer needed leaves the device.
 */
export function DealOnCard({ request, offers }: { request: Request; offers: readonly Offer[] }) {
  const { user } = useSession();
  const uid = user?.uid ?? "";
  const offerId = request.acceptedOfferId ?? request.completedOfferId;
  if (!uid || !offerId) return null;
  const offer = offers.find((candidate) => candidate.id === offerId);
  if (canCompleteRequest(request.status) && request.acceptedOfferId) {
    return (
      <Suspense
        fallback={
          <Button variant="secondary" disabled>
            {PICKUP_MESSAGES.show}
          </Button>
        }
      >
        <PickupCodePanel
          uid={uid}
          offerId={offerId}
          fetchCode={fetchCode}
          label={pickupLabel(displayProductName(request.productName), offer?.merchantName)}
          holdUntil={offer?.holdUntil}
          keepUntil={offer?.dealClosesAt}
        />
      </Suspense>
    );
  }
  const verified = isCompletedRequest(request.status) && offer?.verifiedPurchaseAt !== undefined;
  const rated = request.customerRating !== undefined || offer?.customerRating !== undefined;
  return (
    <>
      <ForgetPickupCode uid={uid} offerId={offerId} />
      {verified ? (
        <div className="space-y-2">
          <Badge tone="success">✓ {PICKUP_MESSAGES.verified}</Badge>
          {rated ? null : (
            <Suspense fallback={null}>
              <CompletionForm requestId={request.id} complete={lazyDealCalls.completeTransaction} verified />
            </Suspense>
          )}
        </div>
      ) : null}
    </>
  );
}
