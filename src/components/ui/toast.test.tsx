import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ERROR_TOAST_TITLE, signUpFlowToast, TOAST_DEFAULT_DURATION_MS } from "@/domain/core/toast";
import { setupUser } from "@/testing/user";
import { ToastProvider, useToast } from "./toast";

function Demo() {
  const { toast, toastError } = useToast();
  return (
    <>
      <button type="button" onClick={() => toastError("Errore nel caricare le richieste")}>
        Errore
      </button>
      <button
        type="button"
        onClick={() => toast({ title: "Offerta inviata!", description: "Il negozio la vedrà subito." })}
      >
        Successo
      </button>
    </>
  );
}

/** A marketplace toast and a sign-up flow one. */
function Timed() {
  const { toast } = useToast();
  return (
    <>
      <button type="button" onClick={() => toast({ title: "Offerta inviata!" })}>
        Mercato
      </button>
      <button type="button" onClick={() => toast(signUpFlowToast({ title: "Link magico inviato!" }))}>
        Registrazione
      </button>
    </>
  );
}

const toastRegion = () => screen.findByRole("region", { name: /Notifiche/ });

describe("useToast", () => {
  it("toastError shows a destructive toast titled 'Errore' with the message", async () => {
    const user = setupUser();
    render(
      <ToastProvider>
        <Demo />
      </ToastProvider>,
    );
    await user.click(screen.getByRole("button", { name: "Errore" }));
    const region = await toastRegion();
    const title = await screen.findByText(ERROR_TOAST_TITLE, { selector: "li *" });
    expect(ERROR_TOAST_TITLE).toBe("Errore");
    expect(region).toContainElement(title);
    expect(region).toHaveTextContent("Errore nel caricare le richieste");
  });

  it("toast shows title and description, and the close button dismisses it", async () => {
    const user = setupUser();
    render(
      <ToastProvider>
        <Demo />
      </ToastProvider>,
    );
    await user.click(screen.getByRole("button", { name: "Successo" }));
    const region = await toastRegion();
    expect(await screen.findByText("Offerta inviata!", { selector: "li *" })).toBeVisible();
    expect(region).toHaveTextContent("Il negozio la vedrà subito.");
    // Keyboard, not a click: Radix's swipe handling needs pointer capture, which jsdom lacks.
    screen.getByRole("button", { name: "Chiudi" }).focus();
    await user.keyboard("{Enter}");
    await vi.waitFor(() => expect(region).not.toHaveTextContent("Offerta inviata!"));
  });

  it("shows one toast at a time: a new one replaces the one on screen", async () => {
    const user = setupUser();
    render(
      <ToastProvider>
        <Demo />
      </ToastProvider>,
    );
    await user.click(screen.getByRole("button", { name: "Errore" }));
    const region = await toastRegion();
    await screen.findByText("Errore nel caricare le richieste", { selector: "li *" });
    await user.click(screen.getByRole("button", { name: "Successo" }));
    await screen.findByText("Offerta inviata!", { selector: "li *" });
    await vi.waitFor(() => expect(region).not.toHaveTextContent("Errore nel caricare le richieste"));
    expect(region.querySelectorAll("li")).toHaveLength(1);
  });

  it("lasts 4 s in the marketplace and 5 s in the sign-up flow (spec §9)", () => {
    vi.useFakeTimers();
    try {
      render(
        <ToastProvider>
          <Timed />
        </ToastProvider>,
      );
      const shown = (title: string) => screen.queryByText(title, { selector: "li *" }) !== null;
      const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));
      fireEvent.click(screen.getByRole("button", { name: "Mercato" }));
      expect(shown("Offerta inviata!")).toBe(true);
      wait(TOAST_DEFAULT_DURATION_MS + 100);
      expect(shown("Offerta inviata!")).toBe(false);
      fireEvent.click(screen.getByRole("button", { name: "Registrazione" }));
      wait(TOAST_DEFAULT_DURATION_MS + 500);
      expect(shown("Link magico inviato!")).toBe(true);
      wait(600);
      expect(shown("Link magico inviato!")).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it("needs the provider", () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(() => render(<Demo />)).toThrow(/ToastProvider/);
  });
});
