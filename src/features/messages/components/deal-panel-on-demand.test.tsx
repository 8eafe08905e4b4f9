import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { Conversation } from "@/domain/marketplace/conversation";
import type { Deal } from "../api/conversations";
import { DealPanelOnDemand } from "./deal-panel-on-demand";

// The panel's chunk arrives when the test says so.
const chunk = vi.hoisted(() => {
  let release: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { arrived, release: () => release() };
});

vi.mock("./deal-panel", async () => {
  await chunk.arrived;
  return { DealPanel: () => <p>Pannello dell'offerta</p> };
});

const conversation = {
  id: "c1",
  participants: { customerId: "buyer-1", merchantId: "shop-1" },
} as unknown as Conversation;
const deal = {} as Deal;

describe("the chat's deal panel, loaded on demand", () => {
  it("shows its frame and 'Caricamento dell'offerta…' until its chunk has arrived", async () => {
    render(<DealPanelOnDemand conversation={conversation} uid="buyer-1" deal={deal} />);
    expect(screen.getByRole("heading", { name: "L'offerta ricevuta" })).toBeInTheDocument();
    expect(screen.getByText("Caricamento dell'offerta…")).toBeInTheDocument();
    expect(screen.queryByText("Pannello dell'offerta")).not.toBeInTheDocument();

    chunk.release();
    expect(await screen.findByText("Pannello dell'offerta")).toBeInTheDocument();
    expect(screen.queryByText("Caricamento dell'offerta…")).not.toBeInTheDocument();
  });
});
