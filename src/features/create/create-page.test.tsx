import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ToastProvider } from "@/components/ui/toast";
import { publishAlgoRequest, sendAlgoMessage } from "@/data/algo";
import type { AlgoChatOutput } from "@/domain/algo/algo";
import { ALGO_MESSAGES } from "@/domain/algo/algo-messages";
import {
  ERROR_MESSAGES,
  SUCCESS_TOASTS,
  VALIDATION_MESSAGES,
  VOICE_MESSAGES,
} from "@/domain/core/common-messages";
import { PUBLISHING_MESSAGES } from "@/domain/marketplace/publishing-messages";
import { createQueryClient } from "@/lib/query-client";
import { useSession } from "@/lib/session/session-provider";
import { buyerSession } from "@/testing/marketplace-fixtures";
import { findToast } from "@/testing/toasts";
import { CreatePage } from "./create-page";

// Price guidance has its own tests (price-hint, make-offer-page): here it answers nothing.
vi.mock("@/data/price-guidance", () => ({
  fetchPriceGuidance: async () => ({ range: null, position: null }),
}));
vi.mock("@/data/algo", () => ({ sendAlgoMessage: vi.fn(), publishAlgoRequest: vi.fn() }));
vi.mock("@/data/tokens", () => ({ purchaseTokens: vi.fn(), getTokenBalance: vi.fn() }));
vi.mock("@/lib/session/session-provider", () => ({ useSession: vi.fn() }));

function reply(overrides: Partial<AlgoChatOutput> = {}): AlgoChatOutput {
  return {
    conversationId: "conv-1",
    message: "Che budget hai?",
    extractedData: { productName: "bici" },
    isComplete: false,
    readyToPublish: false,
    tokenBalance: 4.5,
    ...overrides,
  };
}

function renderCreate() {
  cleanupPrevious?.();
  const user = userEvent.setup({ applyAccept: false });
  const rendered = render(
    <QueryClientProvider client={createQueryClient()}>
      <ToastProvider>
        <MemoryRouter initialEntries={["/create"]}>
          <Routes>
            <Route path="/create" element={<CreatePage />} />
            <Route path="/customer" element={<h1>Dashboard acquirente</h1>} />
          </Routes>
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
  const textbox = screen.getByRole("textbox", { name: "Messaggio per Algo" });
  const sendButton = screen.getByRole("button", { name: "Invia" });
  cleanupPrevious = rendered.unmount;
  return { user, textbox, sendButton, unmount: rendered.unmount };
}
let cleanupPrevious: (() => void) | undefined;

beforeEach(() => {
  vi.mocked(useSession).mockReturnValue(buyerSession({ aiTokens: 5 }));
  vi.mocked(sendAlgoMessage).mockReset();
  vi.mocked(publishAlgoRequest).mockReset();
  window.localStorage.clear();
  cleanupPrevious = undefined;
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

afterEach(() => {
  Reflect.deleteProperty(window, "webkitSpeechRecognition");
});

describe("/create", () => {
  it("has a 2-row input and the send button disabled while the message is empty", async () => {
    const { user, textbox, sendButton } = renderCreate();
    expect(textbox).toHaveAttribute("rows", "2");
    expect(sendButton).toBeDisabled();
    await user.type(textbox, "   ");
    expect(sendButton).toBeDisabled();
    await user.type(textbox, "bici");
    expect(sendButton).toBeEnabled();
  });

  it("Enter sends, Shift+Enter adds a new line", async () => {
    vi.mocked(sendAlgoMessage).mockResolvedValue(reply());
    const { user, textbox } = renderCreate();
    await user.type(textbox, "cerco una bici{Shift>}{Enter}{/Shift}usata");
    expect(textbox).toHaveValue("cerco una bici\nusata");
    expect(sendAlgoMessage).not.toHaveBeenCalled();
    await user.keyboard("{Enter}");
    await screen.findByText("Che budget hai?");
    expect(sendAlgoMessage).toHaveBeenCalledWith({ message: "cerco una bici\nusata" });
    expect(textbox).toHaveValue("");
    const log = screen.getByRole("log", { name: "Conversazione con Algo" });
    expect(
      within(log).getByText("cerco una bici usata", {
        normalizer: (t) => t.replace(/\s+/g, " ").replace(/^Tu: /, ""),
      }),
    ).toBeInTheDocument();
  });

  it("disables sending and shows Algo typing while waiting, then sends the conversation id", async () => {
    let answer: (value: AlgoChatOutput) => void = () => undefined;
    vi.mocked(sendAlgoMessage).mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    const { user, textbox, sendButton } = renderCreate();
    await user.type(textbox, "bici{Enter}");
    expect(screen.getByText("Algo sta scrivendo…")).toBeInTheDocument();
    expect(textbox).toHaveValue("");
    await user.type(textbox, "sui 200 euro");
    expect(sendButton).toBeDisabled();
    answer(reply());
    await screen.findByText("Che budget hai?");
    expect(screen.queryByText("Algo sta scrivendo…")).toBeNull();
    vi.mocked(sendAlgoMessage).mockResolvedValueOnce(reply({ message: "Ok" }));
    await user.click(sendButton);
    await screen.findByText("Ok");
    expect(vi.mocked(sendAlgoMessage).mock.calls[1]?.[0]).toMatchObject({
      conversationId: "conv-1",
      message: "sui 200 euro",
    });
  });

  it("lists the collected fields and says 'quasi completa' from 4 fields", async () => {
    vi.mocked(sendAlgoMessage)
      .mockResolvedValueOnce(
        reply({ extractedData: { productName: "bici", category: "sport", budget: { max: 200 } } }),
      )
      .mockResolvedValueOnce(
        reply({
          message: "Quando?",
          extractedData: { productName: "bici", category: "sport", budget: { max: 200 }, urgency: "subito" },
        }),
      );
    const { user, textbox } = renderCreate();
    await user.type(textbox, "bici sportiva sui 200 euro{Enter}");
    await screen.findByText("Che budget hai?");
    const fields = screen.getByRole("list", { name: "Informazioni raccolte" });
    expect(within(fields).getByText("Prodotto").closest("li")).toHaveTextContent("(raccolto)");
    expect(within(fields).getByText("Urgenza").closest("li")).toHaveTextContent("(mancante)");
    expect(screen.queryByText(ALGO_MESSAGES.almostComplete)).toBeNull();
    await user.type(textbox, "subito{Enter}");
    await screen.findByText(ALGO_MESSAGES.almostComplete);
    expect(within(fields).getByText("Urgenza").closest("li")).toHaveTextContent("(raccolto)");
  });

  it("out of tokens: shows Algo's reply and opens the purchase dialog", async () => {
    vi.mocked(useSession).mockReturnValue(buyerSession({ aiTokens: 0 }));
    vi.mocked(sendAlgoMessage).mockResolvedValue(
      reply({ message: ALGO_MESSAGES.outOfTokens, extractedData: {}, tokenBalance: 0, outOfTokens: true }),
    );
    const { user, textbox } = renderCreate();
    await user.type(textbox, "bici{Enter}");
    await screen.findByText(ALGO_MESSAGES.outOfTokens);
    expect(await screen.findByRole("dialog", { name: "Acquista token" })).toBeInTheDocument();
  });

  it("on failure shows 'Errore nella comunicazione con Algo' and keeps the typed message", async () => {
    vi.mocked(sendAlgoMessage).mockRejectedValue(
      Object.assign(new Error("internal"), { code: "functions/internal" }),
    );
    const { user, textbox } = renderCreate();
    await user.type(textbox, "cerco una bici{Enter}");
    const toast = await findToast("Errore");
    expect(toast).toHaveTextContent(ERROR_MESSAGES.algoCommunication);
    expect(textbox).toHaveValue("cerco una bici");
  });

  it("publishes nothing from the chat: the summary card's 'Pubblica' does, then the dashboard after 2 s", async () => {
    const ready = reply({
      message: "Ecco il riepilogo: tocca «Pubblica».",
      isComplete: true,
      readyToPublish: true,
      extractedData: {
        productName: "bicicletta da città",
        budget: { min: 0, max: 200 },
        urgency: "giorni",
        deliveryPreference: "pickup",
        productDetails: { condition: "usato" },
        location: { address: "Navigli, Milano", lat: 45.4521, lng: 9.176 },
      },
    });
    vi.mocked(sendAlgoMessage).mockResolvedValue(ready);
    vi.mocked(publishAlgoRequest).mockResolvedValue({
      requestId: "req-1",
      request: {} as never,
    });
    const { user, textbox } = renderCreate();
    await user.type(textbox, "Sì, pubblica pure{Enter}");
    const card = await screen.findByRole("region", { name: "Riepilogo della richiesta" });
    expect(publishAlgoRequest).not.toHaveBeenCalled();
    // The product reads as a name on the card ('Bicicletta da città'); it is published as said (below).
    expect(within(card).getByText("Bicicletta da città", { selector: "dd" })).toBeInTheDocument();
    expect(card).not.toHaveTextContent("bicicletta da città");
    expect(card).toHaveTextContent("usata");
    expect(card).toHaveTextContent("fino a 200 €");
    expect(card).not.toHaveTextContent("0,00");
    expect(card).toHaveTextContent("Navigli, Milano · 10 km");

    // 'Modifica': the budget changes on the card, Algo is not asked again.
    await user.click(within(card).getByRole("button", { name: "Modifica" }));
    const max = within(card).getByRole("textbox", { name: "Budget fino a (€)" });
    await user.clear(max);
    await user.type(max, "250");
    await user.selectOptions(within(card).getByRole("combobox", { name: "Raggio di ricerca" }), "20");
    await user.click(within(card).getByRole("button", { name: "Salva le modifiche" }));
    expect(card).toHaveTextContent("fino a 250 €");
    expect(card).toHaveTextContent("Navigli, Milano · 20 km");
    expect(sendAlgoMessage).toHaveBeenCalledTimes(1);

    await user.click(within(card).getByRole("button", { name: "Pubblica" }));
    expect(publishAlgoRequest).toHaveBeenCalledWith({
      conversationId: "conv-1",
      fields: expect.objectContaining({ productName: "bicicletta da città", budget: { max: 250 } }),
      location: { address: "Navigli, Milano", lat: 45.4521, lng: 9.176 },
      actionRadius: 20,
    });
    await findToast(SUCCESS_TOASTS.requestCreated.title);
    expect(screen.queryByRole("heading", { name: "Dashboard acquirente" })).toBeNull();
    await screen.findByRole("heading", { name: "Dashboard acquirente" }, { timeout: 3500 });
    expect(window.localStorage.length).toBe(0);
  });

  it("says why 'Pubblica' was refused and keeps the draft", async () => {
    vi.mocked(sendAlgoMessage).mockResolvedValue(
      reply({
        readyToPublish: true,
        extractedData: { productName: "bici", location: { address: "Roma", lat: 41.89, lng: 12.51 } },
      }),
    );
    vi.mocked(publishAlgoRequest).mockRejectedValue(
      Object.assign(new Error(PUBLISHING_MESSAGES.tooManyActive), {
        code: "functions/failed-precondition",
      }),
    );
    const { user, textbox } = renderCreate();
    await user.type(textbox, "bici a Roma{Enter}");
    await user.click(await screen.findByRole("button", { name: "Pubblica" }));
    expect(await findToast("Errore")).toHaveTextContent(PUBLISHING_MESSAGES.tooManyActive);
    expect(screen.getByRole("region", { name: "Riepilogo della richiesta" })).toBeInTheDocument();
  });

  it("offers 'Usa la mia posizione' in the conversation when Algo asks where, and sends the position", async () => {
    vi.mocked(sendAlgoMessage)
      .mockResolvedValueOnce(reply({ message: "Dove ti serve?", asksPlace: true }))
      .mockResolvedValueOnce(reply({ message: "Bene!", readyToPublish: false }));
    Object.defineProperty(navigator, "geolocation", {
      value: {
        getCurrentPosition: (ok: (p: unknown) => void) => ok({ coords: { latitude: 45.5, longitude: 9.2 } }),
      },
      configurable: true,
    });
    const { user, textbox } = renderCreate();
    await user.type(textbox, "cerco una bici{Enter}");
    await user.click(await screen.findByRole("button", { name: "Usa la mia posizione" }));
    await screen.findByText("Bene!");
    expect(vi.mocked(sendAlgoMessage).mock.calls[1]?.[0]).toMatchObject({
      conversationId: "conv-1",
      message: "La mia posizione",
      location: { lat: 45.5, lng: 9.2, address: "Posizione del telefono" },
    });
    Reflect.deleteProperty(navigator, "geolocation");
  });

  it("keeps the draft across a reload, for the same buyer only", async () => {
    vi.mocked(sendAlgoMessage).mockResolvedValue(reply({ message: "Quanto vuoi spendere?" }));
    const first = renderCreate();
    await first.user.type(first.textbox, "cerco una bici{Enter}");
    await screen.findByText("Quanto vuoi spendere?");
    first.unmount();

    const second = renderCreate();
    expect(screen.getByText("Quanto vuoi spendere?")).toBeInTheDocument();
    expect(screen.getByText("Ho ripreso la richiesta che stavi preparando.")).toBeInTheDocument();
    await second.user.type(second.textbox, "sui 200 euro{Enter}");
    expect(vi.mocked(sendAlgoMessage).mock.calls[1]?.[0]).toMatchObject({ conversationId: "conv-1" });
    await second.user.click(screen.getByRole("button", { name: "Ricomincia" }));
    expect(screen.queryByText("Quanto vuoi spendere?")).toBeNull();
  });

  it("refuses a file that is not an image", async () => {
    const { user } = renderCreate();
    const pdf = new File(["%PDF"], "preventivo.pdf", { type: "application/pdf" });
    await user.upload(screen.getByLabelText("Carica una foto"), pdf);
    expect(screen.getByRole("alert")).toHaveTextContent(VALIDATION_MESSAGES.imageOnly);
  });

  it("says when voice recognition is not supported", async () => {
    const { user } = renderCreate();
    await user.click(screen.getByRole("button", { name: "Detta il messaggio" }));
    expect(await findToast("Errore")).toHaveTextContent(VOICE_MESSAGES.unsupported);
  });

  it("fills the input with what the user said (Italian, single shot)", async () => {
    const instances: { lang: string; continuous: boolean; onresult: ((e: unknown) => void) | null }[] = [];
    class FakeRecognition {
      lang = "";
      continuous = true;
      interimResults = true;
      maxAlternatives = 5;
      onresult: ((event: unknown) => void) | null = null;
      onerror = null;
      onend: (() => void) | null = null;
      constructor() {
        instances.push(this);
      }
      start() {
        this.onresult?.({ results: [[{ transcript: "cerco un trapano" }]] });
        this.onend?.();
      }
      abort() {}
    }
    Object.defineProperty(window, "webkitSpeechRecognition", { value: FakeRecognition, configurable: true });
    const { user, textbox } = renderCreate();
    await user.click(screen.getByRole("button", { name: "Detta il messaggio" }));
    await waitFor(() => expect(textbox).toHaveValue("cerco un trapano"));
    expect(instances[0]).toMatchObject({ lang: "it-IT", continuous: false });
  });
});
