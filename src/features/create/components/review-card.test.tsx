import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fetchPriceGuidance } from "@/data/price-guidance";
import { createQueryClient } from "@/lib/query-client";
import { setupUser } from "@/testing/user";
import { ReviewCard } from "./review-card";

vi.mock("@/data/price-guidance", () => ({ fetchPriceGuidance: vi.fn() }));

const FIELDS = {
  productName: "bicicletta da città",
  category: "sport",
  location: { address: "Milano", lat: 45.4642, lng: 9.19 },
};

function renderCard(fields: Record<string, unknown> = FIELDS) {
  const onSave = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ReviewCard fields={fields} actionRadius={10} publishing={false} onPublish={vi.fn()} onSave={onSave} />
    </QueryClientProvider>,
  );
  return { onSave, user: setupUser() };
}

beforeEach(() => {
  vi.mocked(fetchPriceGuidance).mockReset().mockResolvedValue({ range: null, position: null });
});

describe("Algo's summary card: local prices", () => {
  it("shows the range shops nearby offered, and 'Usa come budget' saves it in the draft", async () => {
    vi.mocked(fetchPriceGuidance).mockResolvedValue({
      range: { min: 240, max: 400, count: 6 },
      position: null,
    });
    const { onSave, user } = renderCard();
    const hint = await screen.findByRole("status", { name: "Prezzi in zona" }, { timeout: 3000 });
    expect(hint).toHaveTextContent(
      "Nella tua zona i negozi hanno offerto di solito da 240,00 € a 400,00 € (6 offerte)",
    );
    expect(fetchPriceGuidance).toHaveBeenCalledWith({
      category: "sport",
      productName: "bicicletta da città",
      location: { lat: 45.4642, lng: 9.19 },
    });
    await user.click(screen.getByRole("button", { name: "Usa come budget" }));
    expect(onSave).toHaveBeenCalledWith({ ...FIELDS, budget: { min: 240, max: 400 } }, 10);
  });

  it("asks nothing before the place is known, and shows nothing under the threshold", async () => {
    renderCard({ productName: "bicicletta", category: "sport" });
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(fetchPriceGuidance).not.toHaveBeenCalled();
    expect(screen.queryByRole("status", { name: "Prezzi in zona" })).toBeNull();
  });
});

describe("Algo's summary card: AI that says it is AI", () => {
  it("says 'Scritto con l'IA' with the fields Algo inferred, until the buyer edits the draft", async () => {
    const { user } = renderCard();
    const region = screen.getByRole("region", { name: "Riepilogo della richiesta" });
    expect(region).toHaveTextContent("Scritto con l'IA");
    expect(region).toHaveTextContent("Algo (IA) ha dedotto dalla conversazione: prodotto, dove.");
    await user.click(screen.getByRole("button", { name: "Modifica" }));
    await user.click(screen.getByRole("button", { name: "Salva le modifiche" }));
    expect(screen.getByRole("region", { name: "Riepilogo della richiesta" })).not.toHaveTextContent(
      "Scritto con l'IA",
    );
  });
});
