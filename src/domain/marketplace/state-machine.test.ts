import { describe, expect, it } from "vitest";
import {
  assertOfferTransition,
  assertRequestTransition,
  canCompleteRequest,
  canReceiveOffers,
  canTransitionOffer,
  canTransitionRequest,
  isNegotiation,
  mayOfferAgain,
  normalizeRequestStatus,
  OFFER_STATUS_LABELS,
  OFFER_STATUS_TONES,
  OFFER_STATUSES,
  type OfferStatus,
  REQUEST_STATUS_LABELS,
  REQUEST_STATUS_TONES,
  REQUEST_STATUSES,
  type RequestStatus,
  type RequestStatusInput,
  requestStatusSchema,
  storedRequestStatusSchema,
} from "./state-machine.ts";

const ALLOWED_REQUEST = new Set([
  "active>in_progress",
  "active>cancelled",
  "active>expired",
  "in_progress>completed",
  // The buyer cancels the deal: the request takes offers again.
  "in_progress>active",
  // The deal closed unverified after DEAL_OPEN_MS (closeDeals): the buyer may renew it.
  "in_progress>expired",
  // A renewal.
  "expired>active",
  // A request held until its buyer proved their e-mail: released to shops, or closed by the buyer.
  "awaiting_email>active",
  "awaiting_email>cancelled",
  "active>suspended",
  "suspended>active",
  "suspended>cancelled",
]);
const ALLOWED_OFFER = new Set([
  "pending>accepted",
  "pending>rejected",
  "pending>expired",
  "pending>withdrawn",
  "accepted>cancelled",
  // The deal closed unverified after DEAL_OPEN_MS (closeDeals).
  "accepted>expired",
  // A renewed request: the shop offers again.
  "expired>pending",
]);

const requestPairs = REQUEST_STATUSES.flatMap((from) =>
  REQUEST_STATUSES.map((to) => [from, to, ALLOWED_REQUEST.has(`${from}>${to}`)] as const),
);
const offerPairs = OFFER_STATUSES.flatMap((from) =>
  OFFER_STATUSES.map((to) => [from, to, ALLOWED_OFFER.has(`${from}>${to}`)] as const),
);

describe("request transitions", () => {
  it("has the seven canonical statuses", () => {
    expect(REQUEST_STATUSES).toEqual([
      "active",
      "in_progress",
      "completed",
      "cancelled",
      "expired",
      "awaiting_email",
      "suspended",
    ]);
    expect(requestPairs).toHaveLength(49);
  });

  it.each(requestPairs)("%s → %s allowed: %s", (from, to, allowed) => {
    expect(canTransitionRequest(from, to)).toBe(allowed);
    const result = assertRequestTransition(from, to);
    expect(result.ok).toBe(allowed);
    if (!result.ok) {
      expect(result.code).toBe("failed-precondition");
      expect(result.message).toBe(
        `Operazione non consentita: la richiesta è ${REQUEST_STATUS_LABELS[from].toLowerCase()}.`,
      );
    } else {
      expect(result).toEqual({ ok: true, from, to });
    }
  });

  it("reads legacy matched as in_progress", () => {
    expect(normalizeRequestStatus("matched")).toBe("in_progress");
    expect(normalizeRequestStatus("active")).toBe("active");
    expect(canTransitionRequest("matched", "completed")).toBe(true);
    expect(canTransitionRequest("active", "matched")).toBe(true);
    expect(canTransitionRequest("matched", "cancelled")).toBe(false);
    expect(assertRequestTransition("matched", "completed")).toEqual({
      ok: true,
      from: "in_progress",
      to: "completed",
    });
    expect(storedRequestStatusSchema.parse("matched")).toBe("in_progress");
    expect(storedRequestStatusSchema.parse("cancelled")).toBe("cancelled");
    expect(storedRequestStatusSchema.safeParse("open").success).toBe(false);
    expect(requestStatusSchema.safeParse("matched").success).toBe(false);
  });

  it("offers completion for in-progress requests, the case the spec's UI missed", () => {
    const cases: Array<[RequestStatusInput, boolean]> = [
      ["active", false],
      ["in_progress", true],
      ["matched", true],
      ["completed", false],
      ["cancelled", false],
      ["expired", false],
    ];
    for (const [status, expected] of cases) expect(canCompleteRequest(status)).toBe(expected);
  });

  it("accepts offers only on active requests and counts negotiations", () => {
    expect(REQUEST_STATUSES.filter((s) => canReceiveOffers(s))).toEqual(["active"]);
    expect(REQUEST_STATUSES.filter((s) => isNegotiation(s))).toEqual(["in_progress"]);
    expect(isNegotiation("matched")).toBe(true);
  });

  it("has an Italian label and a tone for every status", () => {
    expect(REQUEST_STATUS_LABELS).toEqual({
      active: "Attiva",
      in_progress: "In trattativa",
      completed: "Completata",
      cancelled: "Annullata",
      expired: "Scaduta",
      awaiting_email: "In attesa di conferma e-mail",
      suspended: "Sospesa",
    });
    for (const status of REQUEST_STATUSES as readonly RequestStatus[]) {
      expect(REQUEST_STATUS_TONES[status]).toMatch(/^(info|success|warning|danger|neutral)$/);
    }
  });
});

describe("offering again", () => {
  it("only an expired offer, only on a request taking offers again", () => {
    expect(OFFER_STATUSES.filter((status) => mayOfferAgain(status, "active"))).toEqual(["expired"]);
    expect(mayOfferAgain("expired", "expired")).toBe(false);
    expect(mayOfferAgain("expired", "in_progress")).toBe(false);
  });
});

describe("offer transitions", () => {
  it.each(offerPairs)("%s → %s allowed: %s", (from, to, allowed) => {
    expect(canTransitionOffer(from, to)).toBe(allowed);
    const result = assertOfferTransition(from, to);
    expect(result.ok).toBe(allowed);
    if (!result.ok) {
      expect(result.code).toBe("failed-precondition");
      expect(result.message).toBe(
        `Operazione non consentita: l'offerta è ${OFFER_STATUS_LABELS[from].toLowerCase()}.`,
      );
    }
  });

  it("has an Italian label and a tone for every status", () => {
    expect(OFFER_STATUS_LABELS).toEqual({
      pending: "In attesa",
      accepted: "Accettata",
      rejected: "Rifiutata",
      expired: "Scaduta",
      withdrawn: "Ritirata",
      cancelled: "Annullata",
    });
    for (const status of OFFER_STATUSES as readonly OfferStatus[]) {
      expect(OFFER_STATUS_TONES[status]).toMatch(/^(info|success|warning|danger|neutral)$/);
    }
  });
});
