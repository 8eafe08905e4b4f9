import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Textarea } from "@/components/ui/textarea";
import { type AdminShopReview, VIES_STATE } from "@/domain/people/shop-review";
import { SHOP_REVIEW_COPY, VIES_STATE_LABELS } from "@/domain/people/shop-verification-messages";

const when = new Intl.DateTimeFormat("it-IT", { dateStyle: "medium", timeStyle: "short" });

const TONES = { valid: "success", not_found: "warning", unavailable: "danger" } as const;

/** One row of a side-by-side table: what the shop typed against what VIES said. */
function Row({ label, typed, vies }: { label: string; typed: string; vies?: string | undefined }) {
  return (
    <tr className="border-t border-slate-100 align-top">
      <th scope="row" className="py-1.5 pr-3 text-left font-normal text-slate-600">
        {label}
      </th>
      <td className="py-1.5 pr-3 text-slate-900">{typed}</td>
      <td className="py-1.5 text-slate-900">{vies ?? SHOP_REVIEW_COPY.notShared}</td>
    </tr>
  );
}

/**
 * A shop waiting for approval: the name and address it typed beside VIES's, its e-mail and Partita
 * IVA; approve, or refuse with a reason the shop receives by e-mail.
 */
export function ShopReviewCard({
  review,
  busy,
  onApprove,
  onRefuse,
}: {
  review: AdminShopReview;
  busy: boolean;
  onApprove: () => void;
  onRefuse: (reason: string) => void;
}) {
  const [refusing, setRefusing] = useState(false);
  const [reason, setReason] = useState("");
  const headingId = `shop-${review.uid}`;
  const vies = review.vies;
  return (
    <article
      aria-labelledby={headingId}
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={headingId} className="font-semibold text-slate-900">
          {review.businessName}
        </h2>
        <Badge tone={TONES[vies.state]}>{VIES_STATE_LABELS[vies.state]}</Badge>
      </div>
      {vies.source === "simulated" ? (
        <p className="text-sm text-amber-800">{SHOP_REVIEW_COPY.simulated}</p>
      ) : null}
      <table className="w-full text-sm">
        <thead>
          <tr>
            <td />
            <th scope="col" className="pb-1 text-left font-semibold text-slate-700">
              {SHOP_REVIEW_COPY.typed}
            </th>
            <th scope="col" className="pb-1 text-left font-semibold text-slate-700">
              {SHOP_REVIEW_COPY.vies}
            </th>
          </tr>
        </thead>
        <tbody>
          <Row
            label={SHOP_REVIEW_COPY.businessName}
            typed={review.businessName}
            vies={vies.state === VIES_STATE.valid ? vies.name : undefined}
          />
          <Row
            label={SHOP_REVIEW_COPY.address}
            typed={review.address}
            vies={vies.state === VIES_STATE.valid ? vies.address : undefined}
          />
          <Row label={SHOP_REVIEW_COPY.partitaIva} typed={review.partitaIva} vies={review.partitaIva} />
          <Row label={SHOP_REVIEW_COPY.email} typed={review.email} vies="" />
          <Row label={SHOP_REVIEW_COPY.submittedAt} typed={when.format(review.submittedAt)} vies="" />
        </tbody>
      </table>
      {refusing ? (
        <div className="space-y-2">
          <Field label={SHOP_REVIEW_COPY.reasonLabel} hint={SHOP_REVIEW_COPY.reasonHint} required>
            <Textarea
              name="reason"
              maxLength={200}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </Field>
          <Button size="sm" variant="destructive" loading={busy} onClick={() => onRefuse(reason)}>
            {SHOP_REVIEW_COPY.refuse}
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" loading={busy} onClick={onApprove}>
            {SHOP_REVIEW_COPY.approve}
          </Button>
          <Button size="sm" variant="secondary" disabled={busy} onClick={() => setRefusing(true)}>
            {SHOP_REVIEW_COPY.refuse}
          </Button>
        </div>
      )}
    </article>
  );
}
