import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { useToast } from "@/components/ui/toast";
import type { Request } from "@/domain/marketplace/request";
import {
  canRenewRequest,
  DEAL_CANCEL_REASONS,
  type DealCancelReason,
  expiryNote,
} from "@/domain/marketplace/request-life";
import { REQUEST_LIFE_MESSAGES as M } from "@/domain/marketplace/request-life-messages";
import {
  canTransitionRequest,
  isActiveRequest,
  isAwaitingEmail,
  isNegotiation,
  REQUEST_STATUS,
} from "@/domain/marketplace/state-machine";
import { displayProductName } from "@/domain/products/product-name";
import { failWith } from "@/lib/app-error";
import { DEAL_CHANGE_META } from "@/lib/query-client";

// The callables' SDK loads at the first action, not with the page (the route's JS budget).
const lifeCalls = () => import("@/data/request-life");

type Action = "close" | "renew" | "cancelDeal";

type RequestLifeActionsProps = {
  request: Pick<Request, "id" | "productName" | "status" | "createdAt" | "expiresAt">;
  /** The moment the expiry is judged against; the wall clock by default (tests pass one). */
  now?: Date;
};

/**
 * The buyer's hold on a request's life, for the request cards (/customer, /requests) and the request
 * page: the expiry line ('Scade tra 2 giorni', 'Scaduta il …'), 'Rinnova' (an expired request, or an
 * active one in its last 2 days), 'Chiudi la richiesta' (an active one, optional reason) and 'Annulla
 * l'accordo' (in progress, a reason from the fixed list). Each asks in a dialog first; the callables do
 * the work (functions/src/requests, deals/cancel-deal.ts) and the live lists show the outcome. A refusal
 * shows the function's Italian message in the 'Errore' toast.
 */
export function RequestLifeActions({ request, now = new Date() }: RequestLifeActionsProps) {
  const { toast } = useToast();
  const [open, setOpen] = useState<Action | null>(null);
  const [closeReason, setCloseReason] = useState("");
  const [dealReason, setDealReason] = useState<DealCancelReason | null>(null);
  const [reasonMissing, setReasonMissing] = useState(false);

  const run = useMutation({
    meta: DEAL_CHANGE_META,
    mutationFn: async (action: Action) => {
      const calls = await lifeCalls();
      const requestId = request.id;
      if (action === "close") {
        const reason = closeReason.trim();
        return calls
          .closeRequest(reason ? { requestId, reason } : { requestId })
          .catch(failWith(M.closeFailed, { serverMessage: true }));
      }
      if (action === "renew") {
        return calls.renewRequest({ requestId }).catch(failWith(M.renewFailed, { serverMessage: true }));
      }
      return calls
        .cancelDeal({ requestId, reason: dealReason ?? "Altro" })
        .catch(failWith(M.cancelDealFailed, { serverMessage: true }));
    },
    onSuccess: (_output, action) => {
      const titles = { close: M.closed, renew: M.renewed, cancelDeal: M.dealCancelled } as const;
      toast({ title: titles[action] });
    },
    onSettled: () => setOpen(null),
  });

  const note = expiryNote(request, now);
  // A request held until the e-mail proof may be closed too (nobody has seen it yet).
  const closable =
    (isActiveRequest(request.status) || isAwaitingEmail(request.status)) &&
    canTransitionRequest(request.status, REQUEST_STATUS.cancelled);
  const renewable = canRenewRequest(request, now);
  const dealOpen = isNegotiation(request.status);
  if (!note && !closable && !renewable && !dealOpen) return null;

  const name = <span className="sr-only"> «{displayProductName(request.productName)}»</span>;
  const dismiss = (next: boolean) => (next || run.isPending ? undefined : setOpen(null));
  const onCancelDeal = (event: FormEvent) => {
    event.preventDefault();
    if (!dealReason) {
      setReasonMissing(true);
      return;
    }
    run.mutate("cancelDeal");
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      {note ? <p className="w-full text-sm font-medium text-amber-800">{note}</p> : null}
      {renewable ? (
        <Button size="sm" onClick={() => setOpen("renew")}>
          {M.renewAction}
          {name}
        </Button>
      ) : null}
      {closable ? (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => {
            setCloseReason("");
            setOpen("close");
          }}
        >
          {M.closeAction}
          {name}
        </Button>
      ) : null}
      {dealOpen ? (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => {
            setDealReason(null);
            setReasonMissing(false);
            setOpen("cancelDeal");
          }}
        >
          {M.cancelDealAction}
          {name}
        </Button>
      ) : null}

      <Dialog open={open === "renew"} onOpenChange={dismiss} title={M.renewTitle} description={M.renewBody}>
        <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setOpen(null)} disabled={run.isPending}>
            {M.keep}
          </Button>
          <Button onClick={() => run.mutate("renew")} loading={run.isPending}>
            {M.renewConfirm}
          </Button>
        </div>
      </Dialog>

      <Dialog open={open === "close"} onOpenChange={dismiss} title={M.closeTitle} description={M.closeBody}>
        <form
          className="mt-4 space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            run.mutate("close");
          }}
        >
          <Field label={M.closeReasonLabel}>
            <Input
              value={closeReason}
              maxLength={200}
              onChange={(event) => setCloseReason(event.target.value)}
            />
          </Field>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => setOpen(null)} disabled={run.isPending}>
              {M.keep}
            </Button>
            <Button type="submit" variant="destructive" loading={run.isPending}>
              {M.closeConfirm}
            </Button>
          </div>
        </form>
      </Dialog>

      <Dialog
        open={open === "cancelDeal"}
        onOpenChange={dismiss}
        title={M.cancelDealTitle}
        description={M.cancelDealBody}
      >
        <form className="mt-4 space-y-4" onSubmit={onCancelDeal} noValidate>
          <fieldset
            className="space-y-2"
            aria-invalid={reasonMissing || undefined}
            aria-describedby={reasonMissing ? `deal-reason-error-${request.id}` : undefined}
          >
            <legend className="mb-2 text-sm font-medium text-slate-900">{M.cancelDealReasonLabel}</legend>
            {DEAL_CANCEL_REASONS.map((reason) => (
              <label
                key={reason}
                className="flex min-h-11 items-center gap-3 rounded-lg border border-slate-200 px-3"
              >
                <input
                  type="radio"
                  name={`deal-reason-${request.id}`}
                  value={reason}
                  checked={dealReason === reason}
                  onChange={() => {
                    setDealReason(reason);
                    setReasonMissing(false);
                  }}
                  className="size-4 accent-brand-700"
                />
                <span className="text-sm text-slate-800">{reason}</span>
              </label>
            ))}
            {reasonMissing ? (
              <p id={`deal-reason-error-${request.id}`} role="alert" className="text-sm text-red-700">
                {M.cancelDealReasonNeeded}
              </p>
            ) : null}
          </fieldset>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => setOpen(null)} disabled={run.isPending}>
              {M.keep}
            </Button>
            <Button type="submit" variant="destructive" loading={run.isPending}>
              {M.cancelDealConfirm}
            </Button>
          </div>
        </form>
      </Dialog>
    </div>
  );
}
