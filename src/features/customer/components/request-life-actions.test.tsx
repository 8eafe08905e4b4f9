import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ToastProvider } from "@/components/ui/toast";
import { cancelDeal, renewRequest } from "@/data/request-life";
import { REQUEST_LIFE_MESSAGES as M } from "@/domain/marketplace/request-life-messages";
import type { RequestStatus } from "@/domain/marketplace/state-machine";
import { createQueryClient } from "@/lib/query-client";
import { findToast } from "@/testing/toasts";
import { setupUser } from "@/testing/user";
import { RequestLifeActions } from "./request-life-actions";

vi.mock("@/data/request-life", () => ({ closeRequest: vi.fn(), renewRequest: vi.fn(), cancelDeal: vi.fn() }));

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date("2026-11-25T10:00:00Z");

function renderActions(status: RequestStatus, expiresInMs: number, onError?: (error: unknown) => void) {
  const user = setupUser();
  const client = createQueryClient(onError ? { onError } : {});
  const request = {
    id: "r1",
    productName: "Trapano",
    status,
    createdAt: new Date(NOW.getTime() - 5 * DAY),
    expiresAt: new Date(NOW.getTime() + expiresInMs),
  };
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <RequestLifeActions request={request} now={NOW} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { user };
}

beforeEach(() => {
  vi.mocked(renewRequest).mockReset().mockResolvedValue({ requestId: "r1", status: "active" });
  vi.mocked(cancelDeal).mockReset().mockResolvedValue({ requestId: "r1", status: "active" });
});

describe("RequestLifeActions", () => {
  it("offers only 'Chiudi la richiesta' on an active request far from its expiry", () => {
    renderActions("active", 5 * DAY);
    expect(screen.getByRole("button", { name: "Chiudi la richiesta «Trapano»" })).toBeVisible();
    expect(screen.queryByRole("button", { name: /Rinnova/ })).toBeNull();
    expect(screen.queryByText(/Scade/)).toBeNull();
  });

  it("says 'Scade tra 2 giorni' and offers 'Rinnova' near the expiry", () => {
    renderActions("active", 2 * DAY - 60_000);
    expect(screen.getByText("Scade tra 2 giorni")).toBeVisible();
    expect(screen.getByRole("button", { name: "Rinnova «Trapano»" })).toBeVisible();
  });

  it("renews an expired request after confirmation, saying when it expired", async () => {
    const { user } = renderActions("expired", -DAY);
    expect(screen.getByText("Scaduta il 24 novembre 2026")).toBeVisible();
    expect(screen.queryByRole("button", { name: /Chiudi la richiesta/ })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Rinnova «Trapano»" }));
    const dialog = screen.getByRole("dialog", { name: M.renewTitle });
    await user.click(within(dialog).getByRole("button", { name: M.renewConfirm }));
    await findToast(M.renewed);
    expect(renewRequest).toHaveBeenCalledWith({ requestId: "r1" });
  });

  it("cancels a deal only with a reason from the list", async () => {
    const { user } = renderActions("in_progress", 3 * DAY);
    await user.click(screen.getByRole("button", { name: "Annulla l'accordo «Trapano»" }));
    const dialog = screen.getByRole("dialog", { name: M.cancelDealTitle });
    const reasons = within(dialog).getByRole("group", { name: M.cancelDealReasonLabel });
    expect(within(reasons).getAllByRole("radio")).toHaveLength(5);
    await user.click(within(dialog).getByRole("button", { name: M.cancelDealConfirm }));
    expect(within(dialog).getByRole("alert")).toHaveTextContent(M.cancelDealReasonNeeded);
    expect(cancelDeal).not.toHaveBeenCalled();
    await user.click(within(reasons).getByRole("radio", { name: "Il negozio non risponde" }));
    await user.click(within(dialog).getByRole("button", { name: M.cancelDealConfirm }));
    await findToast(M.dealCancelled);
    expect(cancelDeal).toHaveBeenCalledWith({ requestId: "r1", reason: "Il negozio non risponde" });
  });

  it("hands the function's Italian refusal to the app's error toast", async () => {
    const errors: unknown[] = [];
    vi.mocked(renewRequest).mockRejectedValue(
      Object.assign(new Error(M.renewTooLate), { code: "functions/failed-precondition" }),
    );
    const { user } = renderActions("expired", -DAY, (error) => errors.push(error));
    await user.click(screen.getByRole("button", { name: "Rinnova «Trapano»" }));
    await user.click(screen.getByRole("button", { name: M.renewConfirm }));
    await vi.waitFor(() => expect(errors).toEqual([expect.objectContaining({ message: M.renewTooLate })]));
    expect(screen.queryByText(M.renewed)).toBeNull();
  });

  it("shows nothing on a completed request", () => {
    renderActions("completed", -DAY);
    expect(screen.queryByRole("button")).toBeNull();
  });
});
