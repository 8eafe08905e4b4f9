import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ToastProvider } from "@/components/ui/toast";
import { createMagicLink } from "@/data/account";
import { listCustomerOffers } from "@/data/received-offers";
import { listCustomerRequests } from "@/data/requests";
import type { Request } from "@/domain/marketplace/request";
import {
  REQUEST_STATUS,
  REQUEST_STATUS_LABELS,
  type RequestStatus,
} from "@/domain/marketplace/state-machine";
import { EMAIL_PROOF_COPY, proofLinkSent } from "@/domain/people/email-proof-messages";
import { createQueryClient } from "@/lib/query-client";
import { type SessionValue, useSession } from "@/lib/session/session-provider";
import { setupUser } from "@/testing/user";
import { CustomerRequestsPage } from "./customer-requests-page";

vi.mock("@/data/requests", () => ({ listCustomerRequests: vi.fn() }));
vi.mock("@/data/received-offers", () => ({
  listCustomerOffers: vi.fn(),
}));
vi.mock("@/data/request-life", () => ({ closeRequest: vi.fn(), renewRequest: vi.fn(), cancelDeal: vi.fn() }));
vi.mock("@/data/deals", () => ({ acceptOffer: vi.fn(), rejectOffer: vi.fn() }));
vi.mock("@/data/moderation", () => ({ listMyBlocks: vi.fn(async () => []) }));
vi.mock("@/data/account", () => ({ createMagicLink: vi.fn() }));
vi.mock("@/lib/session/session-provider", () => ({ useSession: vi.fn() }));

vi.setConfig({ testTimeout: 20_000 });

const NOW = new Date();
const EMAIL = "anna@example.com";

function request(id: string, status: RequestStatus, productName: string): Request {
  return {
    id,
    customerId: "buyer-1",
    productName,
    description: "",
    category: "generale",
    budget: { min: 50, max: 100 },
    urgency: "giorni",
    deliveryPreference: "both",
    actionRadius: 10,
    location: { lat: 45.46, lng: 9.19, address: "Milano", geohash: "u0nd9hdfv" },
    gh3: "u0n",
    gh4: "u0nd",
    gh5: "u0nd9",
    productDetails: {},
    status,
    aiGenerated: true,
    imageAnalyzed: false,
    createdAt: NOW,
    updatedAt: NOW,
  };
}

beforeEach(() => {
  vi.mocked(useSession).mockReturnValue({
    loading: false,
    user: { uid: "buyer-1", email: EMAIL },
    userData: { id: "buyer-1", uid: "buyer-1", email: EMAIL, displayName: "Anna", userType: "customer" },
    homePath: "/customer",
  } as unknown as SessionValue);
  vi.mocked(listCustomerRequests).mockResolvedValue([
    request("held", REQUEST_STATUS.awaitingEmail, "Lampada da tavolo"),
    request("live", REQUEST_STATUS.active, "Bici da città"),
  ]);
  vi.mocked(listCustomerOffers).mockResolvedValue([]);
  vi.mocked(createMagicLink).mockResolvedValue({ ok: true });
});

function renderRequests() {
  const user = setupUser();
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <MemoryRouter>
          <CustomerRequestsPage />
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { user };
}

describe("a request held until the buyer proves their e-mail", () => {
  it("tells the buyer why the shops do not see it, and resends the proof link in one tap", async () => {
    const { user } = renderRequests();
    const held = await screen.findByRole("article", { name: "Lampada da tavolo" });
    expect(held).toHaveTextContent(REQUEST_STATUS_LABELS.awaiting_email);
    expect(held).toHaveTextContent(EMAIL_PROOF_COPY.heldWhy);
    // The buyer may still close it; it cannot be renewed (its days start once shops see it).
    expect(within(held).getByRole("button", { name: /Chiudi la richiesta/ })).toBeInTheDocument();

    await user.click(within(held).getByRole("button", { name: /^Mandami di nuovo il link/ }));
    expect(createMagicLink).toHaveBeenCalledExactlyOnceWith({ email: EMAIL, userType: "customer" });
    expect(await within(held).findByRole("status")).toHaveTextContent(proofLinkSent(EMAIL));

    // A request the shops already see says nothing of the kind.
    const live = screen.getByRole("article", { name: "Bici da città" });
    expect(live).not.toHaveTextContent(EMAIL_PROOF_COPY.heldWhy);
    expect(within(live).queryByRole("button", { name: /Mandami di nuovo il link/ })).toBeNull();
  });
});
