import { lazy, Suspense, useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { PICKUP_MESSAGES } from "@/domain/marketplace/pickup";
import { holdMessage } from "@/domain/marketplace/pickup-hold";
import { type KeptPickupCode, readPickupCode, savePickupCode, savePickupQr } from "@/lib/pickup-code-storage";

const PickupQr = lazy(() => import("./pickup-qr"));

/**
 * What the offline page shows beside the code: what, where, until when it is held; and until when the
 * device keeps it: the server's own expiry (the deal's dealClosesAt, deal-end.ts), not the hold's end,
 * since the till still takes the code until then.
 */
function keptDetails(label: string | undefined, holdUntil: Date | undefined, keepUntil: Date | undefined) {
  const details: Omit<KeptPickupCode, "code" | "qr"> = {};
  if (label) details.label = label;
  if (holdUntil) details.note = holdMessage(holdUntil);
  const until = keepUntil ?? holdUntil;
  if (until) details.until = until.getTime();
  return details;
}

/**
 * 'Mostra il codice di ritiro': the buyer's one-time code for an accepted deal, large and as
 * a QR, for the shop's 'Verifica il codice'. Kept on this device from the moment the deal is on screen
 * (fetched once when the panel mounts, not only once opened, with the QR's module loaded too), so the
 * till needs no network; kept with its `label` and the hold's end for the offline page
 * (public/offline.js) until `keepUntil`, the server's own expiry. `fetchCode` is the data layer's read
 * (pickup-codes.ts).
 */
export function PickupCodePanel({
  uid,
  offerId,
  fetchCode,
  label,
  holdUntil,
  keepUntil,
}: {
  uid: string;
  offerId: string;
  fetchCode: (offerId: string) => Promise<{ code: string } | null>;
  label?: string | undefined;
  holdUntil?: Date | undefined;
  /** The server's own expiry of the code (the deal's dealClosesAt); the hold's end when unknown. */
  keepUntil?: Date | undefined;
}) {
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState<string | null>(() => readPickupCode(uid, offerId));
  const [state, setState] = useState<"idle" | "loading" | "failed">("idle");
  const details = () => keptDetails(label, holdUntil, keepUntil);

  // Kept from acceptance: the code (and the QR's module) reach the device before the buyer is offline.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per deal and device, not per render
  useEffect(() => {
    void import("./pickup-qr");
    if (readPickupCode(uid, offerId)) return;
    let live = true;
    fetchCode(offerId).then(
      (stored) => {
        if (!stored || !live) return;
        savePickupCode(uid, offerId, stored.code, details());
        setCode(stored.code);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [uid, offerId]);

  const show = async () => {
    setOpen(true);
    if (code) {
      savePickupCode(uid, offerId, code, details());
      return;
    }
    setState("loading");
    try {
      const stored = await fetchCode(offerId);
      if (!stored) throw new Error("pickup code missing");
      savePickupCode(uid, offerId, stored.code, details());
      setCode(stored.code);
      setState("idle");
    } catch (error) {
      console.error("Codice di ritiro non letto", error);
      setState("failed");
    }
  };

  if (!open) {
    return (
      <Button variant="secondary" onClick={() => void show()}>
        {PICKUP_MESSAGES.show}
      </Button>
    );
  }
  return (
    <section
      aria-label={PICKUP_MESSAGES.codeTitle}
      className="space-y-2 rounded-lg border border-slate-200 bg-white p-3"
    >
      <h4 className="text-sm font-semibold text-slate-700">{PICKUP_MESSAGES.codeTitle}</h4>
      {code ? (
        <div className="flex flex-col items-center gap-2">
          <p
            className="font-mono text-4xl font-bold tracking-[0.3em] text-slate-900"
            data-testid="pickup-code"
          >
            {code}
          </p>
          <Suspense fallback={<Spinner size="sm" label="Caricamento del codice QR…" />}>
            <PickupQr
              code={code}
              label={PICKUP_MESSAGES.qrLabel}
              onDrawn={(drawing) => savePickupQr(uid, offerId, code, drawing)}
            />
          </Suspense>
          <p className="text-center text-sm text-slate-600">{PICKUP_MESSAGES.codeHint}</p>
        </div>
      ) : state === "failed" ? (
        <p role="alert" className="text-sm text-red-700">
          {PICKUP_MESSAGES.codeUnavailable}
        </p>
      ) : (
        <Spinner size="sm" label="Caricamento del codice…" />
      )}
      <Button variant="ghost" size="sm" onClick={() => setOpen(false)}>
        {PICKUP_MESSAGES.hide}
      </Button>
    </section>
  );
}
