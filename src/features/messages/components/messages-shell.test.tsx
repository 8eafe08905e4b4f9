import { render, screen, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { saveChatPreview } from "@/lib/chat-preview";
import { ConversationShell } from "./messages-shell";

const at = new Date("2026-11-27T09:30:00Z");

function renderShell(conversationId: string) {
  return render(
    <MemoryRouter initialEntries={[`/messages/${conversationId}`]}>
      <Routes>
        <Route path="/messages/:conversationId" element={<ConversationShell />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe("a conversation's frame", () => {
  beforeEach(() => localStorage.clear());

  it("paints the chat as this device last showed it: heading, bubbles on their sides, the composer", () => {
    saveChatPreview("buyer-1", {
      conversationId: "r1_shop-1",
      otherName: "Cicli Rossi",
      shopId: "shop-1",
      title: "Bici da città",
      closed: null,
      dealNote: null,
      messages: [
        { id: "m1", senderId: "shop-1", senderName: "Cicli Rossi", content: "Ce l'abbiamo.", createdAt: at },
        { id: "m2", senderId: "buyer-1", senderName: "Anna", content: "Passo domani.", createdAt: at },
      ],
    });
    const { container } = renderShell("r1_shop-1");
    expect(screen.getByRole("heading", { name: "Cicli Rossi" })).toBeInTheDocument();
    expect(screen.getByText("Bici da città")).toBeInTheDocument();
    const items = within(container.querySelector("ol") as HTMLElement).getAllByRole("listitem");
    expect(items[0]).toHaveClass("justify-start");
    expect(items[0]).toHaveTextContent("Ce l'abbiamo.");
    expect(items[1]).toHaveClass("justify-end");
    expect(items[1]).toHaveTextContent("Passo domani.");
    expect(container.querySelector("textarea")).toBeDisabled();
    // Nothing in the frame can be used: it is busy and inert until the page replaces it.
    const frame = container.firstElementChild as HTMLElement;
    expect(frame).toHaveAttribute("aria-busy", "true");
    expect(frame).toHaveAttribute("inert");
  });

  it("paints the deal panel's line where the panel puts it, for the buyer and for the shop", () => {
    const note = "Se accetti, il negozio te lo tiene da parte: fino a domani alla chiusura.";
    saveChatPreview("buyer-1", {
      conversationId: "r1_shop-1",
      otherName: "Cicli Rossi",
      shopId: "shop-1",
      title: null,
      closed: null,
      dealNote: note,
      messages: [],
    });
    const view = renderShell("r1_shop-1");
    const panel = screen.getByRole("region", { name: "L'offerta ricevuta" });
    expect(within(panel).getByText(note)).toHaveClass("text-sm");
    view.unmount();

    saveChatPreview("shop-1", {
      conversationId: "r1_shop-1",
      otherName: "Anna",
      shopId: null,
      title: null,
      closed: null,
      dealNote: "In attesa della decisione del cliente.",
      messages: [],
    });
    renderShell("r1_shop-1");
    const own = screen.getByRole("region", { name: "La tua offerta" });
    expect(own).toHaveTextContent("In attesa della decisione del cliente.");
  });

  it("shows a closed chat's line instead of the composer", () => {
    saveChatPreview("buyer-1", {
      conversationId: "r1_shop-1",
      otherName: "Cicli Rossi",
      shopId: "shop-1",
      title: null,
      closed: "la richiesta è stata completata",
      dealNote: null,
      messages: [],
    });
    const { container } = renderShell("r1_shop-1");
    expect(screen.getByText(/la richiesta è stata completata/)).toBeInTheDocument();
    expect(container.querySelector("textarea")).toBeNull();
  });

  it("shows the loading chat for a conversation this device has not kept", () => {
    renderShell("r2_shop-1");
    expect(screen.getByText("Caricamento della conversazione…")).toBeInTheDocument();
    expect(screen.queryByRole("heading", { level: 2 })).toBeNull();
  });
});
