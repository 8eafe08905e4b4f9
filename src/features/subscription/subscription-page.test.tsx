import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  cancelSubscription,
  confirmSimulatedCheckout,
  getPlan,
  listPayments,
  startCheckout,
  subscribePlan,
} from "@/data/subscriptions";
import { PLAN_MESSAGES } from "@/domain/billing/plan-messages";
import { buildPayment } from "@/domain/billing/plan-payments";
import { type Subscription, trialSubscription } from "@/domain/billing/plans";
import { useSession } from "@/lib/session/session-provider";
import { merchantSession } from "@/testing/marketplace-fixtures";
import { renderPage } from "@/testing/render-page";
import { SubscriptionPage } from "./subscription-page";

vi.mock("@/data/subscriptions", () => ({
  subscribePlan: vi.fn(),
  getPlan: vi.fn(),
  listPayments: vi.fn(),
  startCheckout: vi.fn(),
  confirmSimulatedCheckout: vi.fn(),
  cancelSubscription: vi.fn(),
  resumeSubscription: vi.fn(),
  openBillingPortal: vi.fn(),
}));
vi.mock("@/lib/session/session-provider", () => ({ useSession: vi.fn() }));
vi.setConfig({ testTimeout: 20_000 });

const DAY = 24 * 60 * 60 * 1000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY);

/** subscriptions/{uid} as the listener delivers it. */
function withPlan(plan: Subscription | null) {
  vi.mocked(getPlan).mockResolvedValue(plan);
  vi.mocked(subscribePlan).mockImplementation((_uid, listener) => {
    queueMicrotask(() => listener.next(plan));
    return () => undefined;
  });
}

const lapsedTrial = trialSubscription("shop-1", daysFromNow(-40));
const monthly: Subscription = {
  ...trialSubscription("shop-1", daysFromNow(-60)),
  plan: "monthly",
  status: "active",
  periodEnd: daysFromNow(20),
};

beforeEach(() => {
  vi.resetAllMocks();
  vi.mocked(useSession).mockReturnValue(merchantSession());
  vi.mocked(listPayments).mockResolvedValue([]);
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

describe("/abbonamento", () => {
  it("shows the free month with its end and the 7-day warning, and both plans", async () => {
    withPlan(trialSubscription("shop-1", daysFromNow(-25)));
    renderPage(<SubscriptionPage />, { path: "/abbonamento" });
    expect(await screen.findByLabelText("Stato: Prova gratuita")).toBeInTheDocument();
    expect(screen.getByText(/^Prova gratuita fino al /)).toBeInTheDocument();
    expect(screen.getByText(/Il tuo piano termina tra 5 giorni/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Abbonati a 9,90 € al mese" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Offerta di lancio" })).toBeInTheDocument();
    expect(await screen.findByText("Nessun pagamento finora.")).toBeInTheDocument();
  });

  it("tells a shop whose launch payment came after another shop redeemed the code that it is refunded", async () => {
    withPlan({
      ...trialSubscription("shop-1", daysFromNow(-10)),
      launchRefused: { code: "VIC-ABCD-2345", at: daysFromNow(0), amountCents: 2990 },
    });
    renderPage(<SubscriptionPage />, { path: "/abbonamento" });
    expect(await screen.findByRole("alert")).toHaveTextContent(PLAN_MESSAGES.launchRefunded);
  });

  it("subscribes through the labelled simulated checkout after a lapsed trial, back to the kept offer", async () => {
    withPlan(lapsedTrial);
    vi.mocked(startCheckout).mockResolvedValue({ sessionId: "cs_sim_1", simulated: true });
    vi.mocked(confirmSimulatedCheckout).mockResolvedValue({ ok: true });
    const { user } = renderPage(<SubscriptionPage />, {
      path: "/abbonamento?offerta=req-9",
      pattern: "/abbonamento",
    });
    expect(await screen.findByLabelText("Stato: Scaduto")).toBeInTheDocument();
    expect(
      screen.getByText("Per inviare l'offerta serve un piano attivo. La tua bozza è salvata."),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Abbonati a 9,90 € al mese" }));
    expect(startCheckout).toHaveBeenCalledWith({ kind: "monthly" });
    const dialog = await screen.findByRole("dialog", { name: "Pagamento simulato" });
    expect(within(dialog).getByText(/nessun addebito reale/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Conferma il pagamento simulato" }));
    expect(confirmSimulatedCheckout).toHaveBeenCalledWith({ sessionId: "cs_sim_1" });
    expect(await screen.findByText("Pagamento simulato completato")).toBeInTheDocument();
  });

  it("links back to the offer once the plan is active, lists receipts with IVA, and cancels the renewal", async () => {
    withPlan(monthly);
    vi.mocked(listPayments).mockResolvedValue([
      buildPayment({
        id: "in_1",
        kind: "monthly",
        grossCents: 990,
        paidAt: daysFromNow(-10),
        provider: "stripe",
        receiptUrl: "https://invoice.stripe.test/i/1",
      }),
    ]);
    vi.mocked(cancelSubscription).mockResolvedValue({ ok: true });
    const { user } = renderPage(<SubscriptionPage />, {
      path: "/abbonamento?offerta=req-9",
      pattern: "/abbonamento",
    });
    expect(await screen.findByLabelText("Stato: Attivo")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Torna alla tua offerta" })).toHaveAttribute(
      "href",
      "/make-offer/req-9",
    );
    expect(screen.queryByRole("button", { name: "Abbonati a 9,90 € al mese" })).not.toBeInTheDocument();
    const receipt = (await screen.findByText("Abbonamento mensile Vicino")).closest("li") as HTMLElement;
    expect(within(receipt).getByText("8,11 €")).toBeInTheDocument();
    expect(within(receipt).getByText("1,79 €")).toBeInTheDocument();
    expect(within(receipt).getByText("9,90 €")).toBeInTheDocument();
    expect(within(receipt).getByRole("link", { name: /Ricevuta/ })).toHaveAttribute(
      "href",
      "https://invoice.stripe.test/i/1",
    );
    await user.click(screen.getByRole("button", { name: "Annulla il rinnovo" }));
    expect(cancelSubscription).toHaveBeenCalled();
  });

  it("asks for the association code before starting the launch offer, and shows the server's refusal", async () => {
    withPlan(lapsedTrial);
    vi.mocked(startCheckout).mockRejectedValue(
      Object.assign(new Error(PLAN_MESSAGES.launchCodeUsed), { code: "functions/failed-precondition" }),
    );
    const { user } = renderPage(<SubscriptionPage />, { path: "/abbonamento" });
    await user.click(await screen.findByRole("button", { name: "Attiva l'offerta di lancio" }));
    expect(screen.getByText(PLAN_MESSAGES.launchCodeRequired)).toBeInTheDocument();
    expect(startCheckout).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText(/Codice associazione/), "vic-abcd-2345");
    await user.click(screen.getByRole("button", { name: "Attiva l'offerta di lancio" }));
    expect(startCheckout).toHaveBeenCalledWith({ kind: "launch", code: "vic-abcd-2345" });
    expect(await screen.findByText(PLAN_MESSAGES.launchCodeUsed)).toBeInTheDocument();
  });
});
