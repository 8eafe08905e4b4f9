import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { NotificationPreferences } from "@/domain/notifications/notifications";
import { renderPage } from "@/testing/render-page";
import { findToast } from "@/testing/toasts";
import { NotificationPreferencesCard } from "./components/notification-preferences";

const data = vi.hoisted(() => ({
  stored: { email: {}, push: {}, digest: "twice_daily" } as NotificationPreferences,
  subscribeToNotificationPreferences: vi.fn(),
  saveNotificationPreferences: vi.fn(),
}));
vi.mock("@/data/notifications", () => data);
vi.mock("@/data/push-state", () => ({ pushPermission: () => "default", isPushEnabled: () => false }));
const email = (label: string | RegExp) =>
  screen.getByRole("checkbox", { name: typeof label === "string" ? `Email: ${label}` : label });
const device = (label: string) => screen.getByRole("checkbox", { name: `Sul dispositivo: ${label}` });

beforeEach(() => {
  vi.clearAllMocks();
  data.stored = {
    email: { offer_received: false },
    push: { message_received: false },
    digest: "twice_daily",
  };
  data.subscribeToNotificationPreferences.mockImplementation(
    (_uid: string, listener: { next: (value: NotificationPreferences) => void }) => {
      listener.next(data.stored);
      return () => undefined;
    },
  );
  data.saveNotificationPreferences.mockResolvedValue(undefined);
});

describe("/profile: 'Notifiche' by e-mail and on the device", () => {
  it("shows the buyer's switches as saved (everything on until switched off) and saves them with a toast", async () => {
    const { user } = renderPage(<NotificationPreferencesCard uid="buyer" userType="customer" />, {
      path: "/profile",
    });
    const offers = email("Nuove offerte sulle mie richieste");
    const messages = email("Nuovi messaggi quando non sei nell'app");
    expect(offers).not.toBeChecked();
    expect(messages).toBeChecked();
    expect(device("Nuovi messaggi quando non sei nell'app")).not.toBeChecked();
    expect(device("Nuove offerte sulle mie richieste")).toBeChecked();
    expect(screen.getByRole("button", { name: "Attiva le notifiche" })).toBeInTheDocument();
    // A shop's switches are not a buyer's, nor is its digest's frequency.
    expect(screen.queryByRole("checkbox", { name: /Offerte accettate/ })).toBeNull();
    expect(screen.queryByRole("combobox")).toBeNull();

    await user.click(offers);
    await user.click(messages);
    await user.click(device("Nuove offerte sulle mie richieste"));
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
      push: {
        offer_received: false,
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

  it("lists a shop's own kinds: the digest by e-mail only, each new request on the device only", async () => {
    const { user } = renderPage(<NotificationPreferencesCard uid="shop" userType="merchant" />, {
      path: "/profile",
    });
    for (const name of ["Offerte accettate", "Offerte non accettate", "Accordi annullati"]) {
      expect(email(name)).toBeChecked();
      expect(device(name)).toBeChecked();
    }
    const digest = "Riepilogo delle nuove richieste vicino al negozio";
    expect(email(digest)).toBeChecked();
    expect(device(digest)).toBeDisabled();
    const instant = "Ogni nuova richiesta vicino al negozio, appena pubblicata";
    expect(email(instant)).toBeDisabled();
    expect(device(instant)).toBeChecked();
    expect(screen.queryByRole("checkbox", { name: /Nuove offerte sulle mie richieste/ })).toBeNull();

    await user.selectOptions(screen.getByRole("combobox", { name: /Riepilogo via email/ }), "Ogni ora");
    await user.click(screen.getByRole("button", { name: "Salva preferenze" }));
    await findToast("Preferenze delle notifiche salvate");
    const saved = data.saveNotificationPreferences.mock.calls[0]?.[1];
    expect(saved.digest).toBe("hourly");
    expect(saved.email).not.toHaveProperty("new_request");
    expect(saved.push).not.toHaveProperty("requests_nearby");
    expect(saved.push.new_request).toBe(true);
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
