import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ToastProvider } from "@/components/ui/toast";
import { sendAlgoMessage } from "@/data/algo";
import type { AlgoChatOutput } from "@/domain/algo";
import {
  ALGO_MESSAGES,
  ERROR_MESSAGES,
  SUCCESS_TOASTS,
  VALIDATION_MESSAGES,
  VOICE_MESSAGES,
} from "@/domain/messages";
import { createQueryClient } from "@/lib/query-client";
import { useSession } from "@/lib/session/session-provider";
import { buyerSession } from "@/testing/marketplace-fixtures";
import { findToast } from "@/testing/toasts";
import { CreatePage } from "./create-page";

vi.mock("@/data/algo", () => ({ sendAlgoMessage: vi.fn() }));
vi.mock("@/data/tokens", () => ({ purchaseTokens: vi.fn(), getTokenBalance: vi.fn() }));
vi.mock("@/lib/session/session-provider", () => ({ useSession: vi.fn() }));

function reply(overrides: Partial<AlgoChatOutput> = {}): AlgoChatOutput {
  return {
    conversationId: "conv-1",
    message: "Che budget hai?",
    extractedData: { productName: "bici" },
    isComplete: false,
    tokenBalance: 4.5,
    ...overrides,
  };
}

function renderCreate() {
  const user = userEvent.setup({ applyAccept: false });
  render(
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
  return { user, textbox, sendButton };
}

beforeEach(() => {
  vi.mocked(useSession).mockReturnValue(buyerSession({ aiTokens: 5 }));
  vi.mocked(sendAlgoMessage).mockReset();
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
    expect(sendAlgoMessage).toHaveBeenCalledWith({ message: "cerco una bici\nusata", actionRadius: 10 });
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

  it("on publication: success toast, then the dashboard after 2 s", async () => {
    vi.mocked(sendAlgoMessage).mockResolvedValue(
      reply({ message: "Pubblico!", isComplete: true, requestId: "req-1" }),
    );
    const { user, textbox } = renderCreate();
    await user.type(textbox, "pubblica{Enter}");
    await findToast(SUCCESS_TOASTS.requestCreated.title);
    expect(screen.queryByRole("heading", { name: "Dashboard acquirente" })).toBeNull();
    await screen.findByRole("heading", { name: "Dashboard acquirente" }, { timeout: 3500 });
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
