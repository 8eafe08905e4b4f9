import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ToastProvider } from "@/components/ui/toast";
import { publishRequest } from "@/data/algo";
import { fetchPriceGuidance } from "@/data/price-guidance";
import { ERROR_MESSAGES, VALIDATION_MESSAGES } from "@/domain/core/common-messages";
import { placeSearch } from "@/domain/geo/gazetteer";
import { PRICE_GUIDANCE_MESSAGES } from "@/domain/marketplace/price-guidance-messages";
import { REQUEST_PHOTO_MESSAGES } from "@/domain/marketplace/request-photo";
import { createQueryClient } from "@/lib/query-client";
import { GAZETTEER_FIXTURE } from "@/testing/gazetteer-fixture";
import { findToast } from "@/testing/toasts";
import { setupUser } from "@/testing/user";
import { prepareImageFile } from "../lib/resize-image";
import { RequestForm } from "./request-form";

vi.mock("@/data/algo", () => ({ publishRequest: vi.fn() }));
vi.mock("@/data/price-guidance", () => ({ fetchPriceGuidance: vi.fn() }));
// jsdom has no canvas or image decoding: the resize is replaced, the form's use of it is tested.
vi.mock("../lib/resize-image", () => ({ prepareImageFile: vi.fn() }));

const loadPlaces = async () => placeSearch(GAZETTEER_FIXTURE);

function renderForm() {
  const onPublished = vi.fn();
  const user = setupUser();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ToastProvider>
        <RequestForm onPublished={onPublished} loadPlaces={loadPlaces} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  const publish = () => user.click(screen.getByRole("button", { name: "Pubblica gratis" }));
  const pickPlace = async (typed: string, option: string) => {
    await user.type(screen.getByRole("combobox", { name: "Indirizzo o comune" }), typed);
    await user.click(await screen.findByRole("option", { name: option }));
  };
  return { user, onPublished, publish, pickPlace };
}

beforeEach(() => {
  vi.mocked(publishRequest)
    .mockReset()
    .mockResolvedValue({
      requestId: "req-9",
      request: {
        productName: "Trapano",
        description: "",
        category: "generale",
        budget: { min: 0, max: 1000 },
        urgency: "giorni",
        deliveryPreference: "both",
        actionRadius: 10,
        productDetails: { condition: "nuovo" },
        aiGenerated: false,
        imageAnalyzed: false,
      },
    });
  vi.mocked(prepareImageFile).mockReset();
  vi.mocked(fetchPriceGuidance).mockReset().mockResolvedValue({ range: null, position: null });
});

describe("'Compila tu', the free form", () => {
  it("opens with the spec's defaults selected", () => {
    renderForm();
    expect(screen.getByRole("combobox", { name: "Categoria" })).toHaveDisplayValue("Generale");
    expect(screen.getByRole("combobox", { name: "Quando ti serve" })).toHaveDisplayValue(
      "Nei prossimi giorni",
    );
    expect(screen.getByRole("combobox", { name: "Consegna" })).toHaveDisplayValue("Ritiro o consegna");
    expect(screen.getByRole("combobox", { name: "Condizione" })).toHaveDisplayValue("Nuovo");
    expect(screen.getByRole("combobox", { name: "Raggio di ricerca" })).toHaveValue("10");
  });

  it("publishes nothing without a product and a place: each message at its field, the first one focused", async () => {
    const { publish } = renderForm();
    await publish();
    const product = screen.getByRole("textbox", { name: /Prodotto/ });
    expect(product).toHaveAttribute("aria-invalid", "true");
    expect(product).toHaveAccessibleDescription(VALIDATION_MESSAGES.productNameRequired);
    expect(screen.getByText(VALIDATION_MESSAGES.addressRequired)).toHaveAttribute("role", "alert");
    await vi.waitFor(() => expect(product).toHaveFocus());
    expect(publishRequest).not.toHaveBeenCalled();
  });

  it("flags a budget that is not a number and a minimum above the maximum", async () => {
    const { user, publish } = renderForm();
    await user.type(screen.getByRole("textbox", { name: "Budget da (€)" }), "tanto");
    await publish();
    expect(screen.getByRole("textbox", { name: "Budget da (€)" })).toHaveAccessibleDescription(
      VALIDATION_MESSAGES.invalidBudget,
    );
    await user.clear(screen.getByRole("textbox", { name: "Budget da (€)" }));
    await user.type(screen.getByRole("textbox", { name: "Budget da (€)" }), "300");
    await user.type(screen.getByRole("textbox", { name: "Budget fino a (€)" }), "100");
    await publish();
    expect(screen.getByRole("textbox", { name: "Budget fino a (€)" })).toHaveAccessibleDescription(
      VALIDATION_MESSAGES.budgetRange,
    );
    expect(publishRequest).not.toHaveBeenCalled();
  });

  it("publishes what the buyer wrote with the defaults and the photo, then says so", async () => {
    vi.mocked(prepareImageFile).mockResolvedValue({
      base64: "/9j/SlBH",
      previewUrl: "data:image/jpeg;base64,/9j/SlBH",
      width: 640,
      height: 480,
    });
    const { user, publish, pickPlace, onPublished } = renderForm();
    await user.type(screen.getByRole("textbox", { name: /Prodotto/ }), "Trapano a percussione");
    await user.type(screen.getByRole("textbox", { name: "Budget fino a (€)" }), "80,50");
    await user.selectOptions(screen.getByRole("combobox", { name: "Categoria" }), "Casa");
    await pickPlace("sesto", "Sesto San Giovanni (MI)");
    await user.upload(
      screen.getByLabelText("Foto (facoltativa)"),
      new File(["png"], "trapano.png", { type: "image/png" }),
    );
    expect(await screen.findByAltText("Anteprima della foto scelta")).toBeInTheDocument();
    await publish();
    await vi.waitFor(() => expect(onPublished).toHaveBeenCalledWith("req-9"));
    expect(publishRequest).toHaveBeenCalledWith({
      fields: {
        productName: "Trapano a percussione",
        description: "",
        category: "casa",
        budget: { min: 0, max: 80.5 },
        urgency: "giorni",
        deliveryPreference: "both",
        productDetails: { condition: "nuovo" },
      },
      location: { address: "Sesto San Giovanni (MI)", lat: 45.5333, lng: 9.2259 },
      actionRadius: 10,
      photos: [{ data: "/9j/SlBH", width: 640, height: 480 }],
      submissionId: expect.stringMatching(/^[A-Za-z0-9-]{16,64}$/),
    });
  });

  it("shows what shops nearby offered once product, category and place are known; the range fills the budget", async () => {
    vi.mocked(fetchPriceGuidance).mockResolvedValue({
      range: { min: 49.5, max: 89, count: 6 },
      position: null,
    });
    const { user, pickPlace } = renderForm();
    await user.type(screen.getByRole("textbox", { name: /Prodotto/ }), "Trapano");
    await user.selectOptions(screen.getByRole("combobox", { name: "Categoria" }), "Casa");
    expect(screen.queryByRole("status", { name: "Prezzi in zona" })).toBeNull();
    await pickPlace("sesto", "Sesto San Giovanni (MI)");
    const hint = await screen.findByRole("status", { name: "Prezzi in zona" }, { timeout: 3000 });
    expect(hint).toHaveTextContent(
      "Nella tua zona i negozi hanno offerto di solito da 49,50 € a 89,00 € (6 offerte)",
    );
    expect(fetchPriceGuidance).toHaveBeenLastCalledWith({
      category: "casa",
      productName: "Trapano",
      location: { lat: 45.5333, lng: 9.2259 },
    });
    await user.click(screen.getByRole("button", { name: "Usa come budget" }));
    expect(screen.getByRole("textbox", { name: "Budget da (€)" })).toHaveValue("49,50");
    expect(screen.getByRole("textbox", { name: "Budget fino a (€)" })).toHaveValue("89");
  });

  it("says so in the hint's place when the hourly limit is reached", async () => {
    const refusal = Object.assign(new Error(PRICE_GUIDANCE_MESSAGES.tooManyRequests), {
      code: "functions/resource-exhausted",
    });
    vi.mocked(fetchPriceGuidance).mockRejectedValue(refusal);
    const { user, pickPlace } = renderForm();
    await user.type(screen.getByRole("textbox", { name: /Prodotto/ }), "Trapano");
    await user.selectOptions(screen.getByRole("combobox", { name: "Categoria" }), "Casa");
    await pickPlace("sesto", "Sesto San Giovanni (MI)");
    const hint = await screen.findByRole("status", { name: "Prezzi in zona" }, { timeout: 3000 });
    expect(hint).toHaveTextContent(PRICE_GUIDANCE_MESSAGES.tooManyRequests);
    expect(screen.queryByRole("button", { name: "Usa come budget" })).toBeNull();
  });

  it("shows nothing when the callable answers no range (under the threshold)", async () => {
    const { user, pickPlace } = renderForm();
    await user.type(screen.getByRole("textbox", { name: /Prodotto/ }), "Trapano");
    await pickPlace("sesto", "Sesto San Giovanni (MI)");
    await vi.waitFor(() => expect(fetchPriceGuidance).toHaveBeenCalled(), { timeout: 3000 });
    expect(screen.queryByRole("status", { name: "Prezzi in zona" })).toBeNull();
  });

  it("refuses a file that is not an image, and one too heavy even reduced", async () => {
    vi.mocked(prepareImageFile).mockResolvedValue(undefined);
    const { user } = renderForm();
    const picker = screen.getByLabelText("Foto (facoltativa)");
    await user.upload(picker, new File(["png"], "huge.png", { type: "image/png" }));
    expect(await screen.findByText(REQUEST_PHOTO_MESSAGES.tooLarge)).toBeInTheDocument();
    expect(picker).toHaveAttribute("aria-invalid", "true");
    // The picker accepts image/* only; a file that gets through anyway (drag and drop) is refused.
    fireEvent.change(picker, { target: { files: [new File(["x"], "note.txt", { type: "text/plain" })] } });
    expect(await screen.findByText(VALIDATION_MESSAGES.imageOnly)).toBeInTheDocument();
  });

  it("says why when publishing fails, and the form stays filled", async () => {
    vi.mocked(publishRequest).mockRejectedValue(new Error("offline"));
    const { user, publish, pickPlace, onPublished } = renderForm();
    await user.type(screen.getByRole("textbox", { name: /Prodotto/ }), "Lampada");
    await pickPlace("sesto", "Sesto San Giovanni (MI)");
    await publish();
    expect(await findToast("Errore")).toHaveTextContent(ERROR_MESSAGES.publishRequest);
    expect(onPublished).not.toHaveBeenCalled();
    expect(screen.getByRole("textbox", { name: /Prodotto/ })).toHaveValue("Lampada");
    expect(screen.getByRole("button", { name: "Pubblica gratis" })).toBeEnabled();
  });

  it("retries the same form with the same submission key, a changed form with a new one", async () => {
    vi.mocked(publishRequest).mockRejectedValue(new Error("offline"));
    const { user, publish, pickPlace } = renderForm();
    await user.type(screen.getByRole("textbox", { name: /Prodotto/ }), "Lampada");
    await pickPlace("sesto", "Sesto San Giovanni (MI)");
    await publish();
    await findToast("Errore");
    await publish();
    await vi.waitFor(() => expect(publishRequest).toHaveBeenCalledTimes(2));
    await user.type(screen.getByRole("textbox", { name: /Prodotto/ }), " da tavolo");
    await publish();
    await vi.waitFor(() => expect(publishRequest).toHaveBeenCalledTimes(3));
    const keys = vi.mocked(publishRequest).mock.calls.map(([input]) => input.submissionId);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });
});
