import { screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { listCatalogue, saveCatalogueProducts } from "@/data/catalogue";
import { CATALOGUE_MESSAGES, type CatalogueProduct } from "@/domain/marketplace/catalogue";
import { useSession } from "@/lib/session/session-provider";
import { merchantSession } from "@/testing/marketplace-fixtures";
import { renderPage } from "@/testing/render-page";
import { CataloguePage } from "./catalogue-page";

vi.mock("@/data/catalogue", () => ({ listCatalogue: vi.fn(), saveCatalogueProducts: vi.fn() }));
vi.mock("@/lib/session/session-provider", () => ({ useSession: vi.fn() }));

vi.setConfig({ testTimeout: 20_000 });

const BIKE: CatalogueProduct = {
  id: "p00",
  name: "Bicicletta da città",
  category: "sport",
  condition: "nuovo",
  price: 289,
  paused: false,
  updatedAt: new Date("2026-12-01T10:00:00Z"),
};

beforeEach(() => {
  vi.resetAllMocks();
  vi.mocked(useSession).mockReturnValue(merchantSession());
  vi.mocked(listCatalogue).mockResolvedValue([BIKE]);
  vi.mocked(saveCatalogueProducts).mockResolvedValue(undefined);
});

const csvFile = (text: string) => new File([text], "catalogo.csv", { type: "text/csv" });

describe("/catalogo", () => {
  it("adds a product by hand into the first free slot, with a decimal comma", async () => {
    const { user } = renderPage(<CataloguePage />, { path: "/catalogo" });
    expect(await screen.findByRole("button", { name: "Modifica Bicicletta da città" })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Nome del prodotto/), "Casco da bici");
    await user.type(screen.getByLabelText(/Prezzo/), "45,50");
    await user.click(screen.getByRole("button", { name: CATALOGUE_MESSAGES.add }));
    await waitFor(() =>
      expect(saveCatalogueProducts).toHaveBeenCalledWith(merchantSession().userData?.uid, [
        {
          slot: "p01",
          input: { name: "Casco da bici", category: "elettronica", condition: "nuovo", price: 45.5 },
          paused: false,
        },
      ]),
    );
  });

  it("refuses a product without a price, saying why", async () => {
    const { user } = renderPage(<CataloguePage />, { path: "/catalogo" });
    await user.type(await screen.findByLabelText(/Nome del prodotto/), "Casco");
    await user.click(screen.getByRole("button", { name: CATALOGUE_MESSAGES.add }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Inserisci un prezzo valido");
    expect(saveCatalogueProducts).not.toHaveBeenCalled();
  });

  it("pauses a product", async () => {
    const { user } = renderPage(<CataloguePage />, { path: "/catalogo" });
    await user.click(await screen.findByRole("button", { name: /Metti in pausa/ }));
    await waitFor(() =>
      expect(saveCatalogueProducts).toHaveBeenCalledWith(expect.any(String), [
        expect.objectContaining({ slot: "p00", paused: true }),
      ]),
    );
  });

  it("imports a CSV: a bad row is reported by line and nothing is saved until it is skipped", async () => {
    const { user } = renderPage(<CataloguePage />, { path: "/catalogo" });
    await screen.findByRole("button", { name: "Modifica Bicicletta da città" });
    await user.click(screen.getByRole("button", { name: CATALOGUE_MESSAGES.importTitle }));
    const file = csvFile(
      "nome;categoria;condizione;prezzo\nCasco;sport;nuovo;45,00\nBorraccia;sport;nuovo;gratis\n",
    );
    await user.upload(await screen.findByLabelText(CATALOGUE_MESSAGES.importFile), file);
    expect(await screen.findByText(/Riga 3: prezzo «gratis» non valido/)).toBeInTheDocument();
    const importButton = screen.getByRole("button", { name: "Importa 1 prodotto" });
    expect(importButton).toBeDisabled();
    await user.click(screen.getByLabelText(CATALOGUE_MESSAGES.skipBad));
    await user.click(importButton);
    await waitFor(() =>
      expect(saveCatalogueProducts).toHaveBeenCalledWith(expect.any(String), [
        {
          slot: "p01",
          input: { name: "Casco", category: "sport", condition: "nuovo", price: 45 },
          paused: false,
        },
      ]),
    );
  });
});
