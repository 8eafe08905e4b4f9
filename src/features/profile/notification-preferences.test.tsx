import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { NotificationPreferences } from "@/domain/notifications/notifications";
import { renderPage } from "@/testing/render-page";
import { findToast } from "@/testing/toasts";
import { NotificationPreferencesCard } from "./components/notification-preferences";

const data = vi.hoisted(() => ({
  stored: { email: {} } as NotificationPreferences,
  subscribeToNotificationPreferences: vi.fn(),
  saveNotificationPreferences: vi.fn(),
}));
vi.mock("@/data/notifications", () => data);

beforeEach(() => {
  vi.clearAllMocks();
  data.stored = { email: { offer_received: false } };
  data.subscribeToNotificationPreferences.mockImplementation(
    (_uid: string, listener: { next: (value: NotificationPreferences) => void }) => {
      listener.next(data.stored);
      return () => undefined;
    },
  );
  data.saveNotificationPreferences.mockResolvedValue(undefined);
});

describe("/profile: 'Notifiche via email'", () => {
  it("shows the buyer's switches as saved (everything on until switched off) and saves them with a toast", async () => {
    const { user } = renderPage(<NotificationPreferencesCard uid="buyer" userType="customer" />, {
      path: "/profile",
    });
    const offers = screen.getByRole("checkbox", { name: "Nuove offerte sulle mie richieste" });
    const messages = screen.getByRole("checkbox", { name: "Nuovi messaggi quando non sei nell'app" });
    expect(offers).not.toBeChecked();
    expect(messages).toBeChecked();
    // A shop's switches are not a buyer's.
    expect(screen.queryByRole("checkbox", { name: "Offerte accettate" })).toBeNull();

    await user.click(offers);
    await user.click(messages);
    await user.click(screen.getByRole("button", { name: "Salva preferenze" }));
    await findToast("Preferenze delle notifiche salvate");
    expect(data.saveNotificationPreferences).toHaveBeenCalledWith("buyer", {
      email: {
        offer_received: true,
        offer_withdrawn: true,
        request_expiring: true,
        hold_ending: true,
        pickup_missed: true,
        message_received: false,
        conversation_closed: true,
        deal_closed: true,
      },
    });
  });

  it("lists a shop's own kinds, including the hourly digest", () => {
    renderPage(<NotificationPreferencesCard uid="shop" userType="merchant" />, { path: "/profile" });
    for (const name of [
      "Offerte accettate",
      "Offerte non accettate",
      "Accordi annullati",
      /Nuove richieste vicino/,
    ]) {
      expect(screen.getByRole("checkbox", { name })).toBeChecked();
    }
    expect(screen.queryByRole("checkbox", { name: "Nuove offerte sulle mie richieste" })).toBeNull();
  });

  it("says so when saving fails", async () => {
    data.saveNotificationPreferences.mockRejectedValue(new Error("offline"));
    const { user } = renderPage(<NotificationPreferencesCard uid="buyer" userType="customer" />, {
      path: "/profile",
    });
    await user.click(screen.getByRole("button", { name: "Salva preferenze" }));
    await findToast("Errore");
    expect(screen.getByText("Non è stato possibile salvare le preferenze. Riprova.")).toBeInTheDocument();
  });
});
