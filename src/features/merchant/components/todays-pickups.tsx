import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { offerTitle } from "@/domain/marketplace/offer";
import { PICKUP_MESSAGES } from "@/domain/marketplace/pickup";
import { HOLD_MESSAGES, holdMoment } from "@/domain/marketplace/pickup-hold";
import { useTodaysPickups } from "../api/dashboard";

/** The pickup's callable (and Firebase with it) loads when the shop sends a code, not with the dashboard. */
const verifyWithCallable: typeof import("@/data/pickup-codes").verifyPickup = async (...args) =>
  (await import("@/data/pickup-codes")).verifyPickup(...args);

// 'Verifica il codice' (the form and its QR scanner) loads when a deal to collect is on screen, not with
// every dashboard (docs/lighthouse.md); the chat's deal panel loads it the same way.
const VerifyPickupForm = lazy(() =>
  import("@/components/marketplace/verify-pickup-form").then((module) => ({
    default: module.VerifyPickupForm,
  })),
);

/**
 * 'Ritiri di oggi': the accepted deals whose hold ends today or is still running, soonest first, each
 * with 'Verifica il codice' at hand for the till.
 */
export function TodaysPickups({ uid }: { uid: string }) {
  const pickups = useTodaysPickups(uid);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{HOLD_MESSAGES.todayTitle}</CardTitle>
      </CardHeader>
      <CardContent>
        {pickups.isPending ? (
          <Spinner label={`${HOLD_MESSAGES.todayTitle}…`} />
        ) : pickups.isError ? (
          <p role="alert" className="font-medium text-red-800">
            {HOLD_MESSAGES.todayLoadError}
          </p>
        ) : pickups.data.length === 0 ? (
          <p className="text-slate-700">{HOLD_MESSAGES.todayEmpty}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {pickups.data.map((offer) => (
              <li key={offer.id} className="space-y-2 py-3">
                <Link
                  to={paths.conversation.getHref(offer.id)}
                  className="focus-ring block truncate rounded font-medium text-slate-900 hover:text-brand-800"
                >
                  {offerTitle(offer, null)}
                </Link>
                {offer.holdUntil ? (
                  <p className="text-sm text-slate-600">
                    {HOLD_MESSAGES.heldUntil} {holdMoment(offer.holdUntil)}
                  </p>
                ) : null}
                {/* While its code loads, the same button, disabled: nothing moves under the shop's finger. */}
                <Suspense fallback={<Button disabled>{PICKUP_MESSAGES.verify}</Button>}>
                  <VerifyPickupForm offerId={offer.id} verify={verifyWithCallable} />
                </Suspense>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
