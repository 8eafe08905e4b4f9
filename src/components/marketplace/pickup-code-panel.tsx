import { lazy, Suspense, useState } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { PICKUP_MESSAGES } from "@/domain/marketplace/pickup";
import { holdMessage } from "@/domain/marketplace/pickup-hold";
import { type KeptPickupCode, readPickupCode, savePickupCode, savePickupQr } from "@/lib/pickup-code-storage";

const PickupQr = lazy(() => import("./pickup-qr"));

/** What the offline page shows beside the code: what, where, and until when it is held. */
function keptDetails(label: string | undefined, holdUntil: Date | undefined) {
  const details: Omit<KeptPickupCode, "code" | "qr"> = {};
  if (label) details.label = label;
  if (holdUntil) {
    details.until = holdUntil.getTime();
    details.note = holdMessage(holdUntil);
  }
  return details;
}

/**
 * 'Mostra il codice di ritiro': the buyer's one-time code for an accepted deal, large and as
 * a QR, for the shop's 'Verifica il codice'. Read from this device first (kept once shown, so the till
 * needs no network), else fetched once and kept, with its QR, `label` and the hold's end for the
 * offline page (public/offline.js) until the hold ends. `fetchCode` is the data layer's read
 * (pickup-codes.ts).
 */
export function PickupCodePanel({
  uid,
  offerId,
  fetchCode,
  label,
  holdUntil,
}: {
  uid: string;
  offerId: string;
  fetchCode: (offerId: string) => Promise<{ code: string } | null>;
  label?: string | undefined;
  holdUntil?: Date | undefined;
}) {
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState<string | null>(() => readPickupCode(uid, offerId));
  const [state, setState] = useState<"idle" | "loading" | "failed">("idle");

  const show = async () => {
    setOpen(true);
    if (code) {
      savePickupCode(uid, offerId, code, keptDetails(label, holdUntil));
      return;
    }
    setState("loading");
    try {
      const stored = await fetchCode(offerId);
      if (!stored) throw new Error("pickup code missing");
      savePickupCode(uid, offerId, stored.code, keptDetails(label, holdUntil));
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
