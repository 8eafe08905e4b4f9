import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { PUSH_STORAGE_KEYS } from "@/domain/core/push-device";
import { renderPage } from "@/testing/render-page";
import { findToast } from "@/testing/toasts";
import { PushPrompt } from "./push-prompt";

const push = vi.hoisted(() => ({
  permission: "default" as string,
  pushPermission: vi.fn(),
  isPushEnabled: vi.fn(() => false),
  enablePush: vi.fn(),
  disablePush: vi.fn(),
}));
vi.mock("@/data/push-state", () => push);
vi.mock("@/data/push", () => push);

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
  push.pushPermission.mockImplementation(() => push.permission);
  push.permission = "default";
});

describe("'Attiva le notifiche'", () => {
  it("explains itself to a shop and asks the browser only on the tap", async () => {
    push.enablePush.mockResolvedValue("granted");
    const { user } = renderPage(<PushPrompt uid="shop" audience="shop" />, { path: "/merchant" });
    expect(screen.getByText(/appena qualcuno vicino a te cerca ciò che vendi/)).toBeInTheDocument();
    expect(push.enablePush).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Attiva le notifiche" }));
    await findToast("Notifiche attivate");
    expect(push.enablePush).toHaveBeenCalledWith("shop");
    expect(screen.queryByRole("button", { name: "Attiva le notifiche" })).toBeNull();
  });

  it("'Non ora' hides it and remembers when, so it is not asked again for days", async () => {
    const { user } = renderPage(<PushPrompt uid="buyer" audience="buyer" />, { path: "/customer" });
    await user.click(screen.getByRole("button", { name: "Non ora" }));
    expect(screen.queryByRole("heading", { name: "Attiva le notifiche" })).toBeNull();
    expect(Number(localStorage.getItem(PUSH_STORAGE_KEYS.pushPromptDismissedAt))).toBeGreaterThan(0);
  });

  it("is not shown once the browser blocked notifications, nor where there are none", () => {
    for (const permission of ["denied", "unsupported"]) {
      push.permission = permission;
      const { unmount } = renderPage(<PushPrompt uid="buyer" audience="buyer" />, { path: "/customer" });
      expect(screen.queryByRole("heading", { name: "Attiva le notifiche" })).toBeNull();
      unmount();
    }
  });

  it("says so in Italian when turning them on fails", async () => {
    push.enablePush.mockRejectedValue(new Error("no worker"));
    const { user } = renderPage(<PushPrompt uid="shop" audience="shop" />, { path: "/merchant" });
    await user.click(screen.getByRole("button", { name: "Attiva le notifiche" }));
    await findToast("Errore");
    expect(screen.getByText("Non è stato possibile attivare le notifiche. Riprova.")).toBeInTheDocument();
  });
});
