import { screen, waitFor, within } from "@testing-library/react";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeAuthModule as auth, resetFakeData, seedUser } from "@/testing/fake-data";
import { renderApp } from "@/testing/render-app";
import { findToast } from "@/testing/toasts";

vi.mock("@/data/auth", async () => (await import("@/testing/fake-data")).fakeAuthModule);
vi.mock("@/data/users", async () => (await import("@/testing/fake-data")).fakeUsersModule);
vi.mock("@/data/account", async () => (await import("@/testing/fake-data")).fakeFunctionsModule);
vi.mock("@/data/email", async () => (await import("@/testing/fake-data")).fakeEmailModule);

const privacy = vi.hoisted(() => ({ exportMyData: vi.fn(), deleteMyAccount: vi.fn() }));
const reauth = vi.hoisted(() => ({ reauthMethod: vi.fn(), reauthenticate: vi.fn() }));
const moderation = vi.hoisted(() => ({ listMyReports: vi.fn(), listMyBlocks: vi.fn(), setBlock: vi.fn() }));
vi.mock("@/data/privacy", () => privacy);
vi.mock("@/data/reauth", () => reauth);
vi.mock("@/data/moderation", () => moderation);

// Page tests click and type through whole flows: a busy machine needs more than 5 s.
vi.setConfig({ testTimeout: 20_000 });

beforeAll(async () => {
  await Promise.all([import("./profile-page"), import("@/lib/session/session-runtime")]);
});

beforeEach(() => {
  vi.clearAllMocks();
  resetFakeData();
  moderation.listMyReports.mockResolvedValue([]);
  moderation.listMyBlocks.mockResolvedValue([]);
  reauth.reauthMethod.mockResolvedValue("password");
  reauth.reauthenticate.mockResolvedValue(undefined);
  privacy.deleteMyAccount.mockResolvedValue(undefined);
  privacy.exportMyData.mockResolvedValue({
    fileName: "vicino-dati-2026-11-25.json",
    exportedAt: "2026-11-25T10:00:00.000Z",
    data: { account: { email: "anna@example.com" } },
  });
});

async function openProfile() {
  seedUser({ email: "anna@example.com", displayName: "Anna Neri", userType: "customer" });
  const app = renderApp("/profile");
  await screen.findByRole("heading", { level: 1, name: "Profilo" }, { timeout: 4000 });
  return app;
}

describe("/profile: your data", () => {
  it("'Scarica i miei dati' downloads the export as a JSON file", async () => {
    const createObjectURL = vi.fn(() => "blob:export");
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    const { user } = await openProfile();
    await user.click(screen.getByRole("button", { name: "Scarica i miei dati" }));
    await findToast("Il file con i tuoi dati è pronto.");
    expect(privacy.exportMyData).toHaveBeenCalledTimes(1);
    expect(clicks).toEqual(["vicino-dati-2026-11-25.json"]);
    const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blob);
    });
    expect(JSON.parse(text)).toEqual({
      exportedAt: "2026-11-25T10:00:00.000Z",
      account: { email: "anna@example.com" },
    });
  });

  it("'Elimina account' asks for the password and the word ELIMINA, then deletes and leaves", async () => {
    const { user, location } = await openProfile();
    await user.click(screen.getByRole("button", { name: "Elimina account" }));
    const dialog = await screen.findByRole("dialog", { name: "Elimina account" });
    const confirm = within(dialog).getByRole("button", { name: "Elimina account" });
    expect(confirm).toBeDisabled();
    await user.type(await within(dialog).findByLabelText(/La tua password/), "segreta1");
    await user.type(within(dialog).getByLabelText(/Per confermare, scrivi ELIMINA/), "elimina");
    expect(confirm).toBeDisabled();
    await user.clear(within(dialog).getByLabelText(/Per confermare, scrivi ELIMINA/));
    await user.type(within(dialog).getByLabelText(/Per confermare, scrivi ELIMINA/), "ELIMINA");
    await user.click(confirm);
    await findToast("Il tuo account è stato eliminato.");
    expect(reauth.reauthenticate).toHaveBeenCalledWith("password", "segreta1");
    expect(privacy.deleteMyAccount).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(location.pathname).toBe("/"));
    await waitFor(() => expect(auth.signOut).toHaveBeenCalledTimes(1));
    expect(location.pathname).toBe("/");
  });

  it("shows the outcome of the user's reports", async () => {
    moderation.listMyReports.mockResolvedValue([
      {
        id: "r1",
        reporterId: "u",
        reportedUserId: "s",
        kind: "conversation",
        targetId: "c",
        excerpt: "",
        reason: "offensive",
        status: "resolved",
        createdAt: new Date("2026-11-20T10:00:00Z"),
        outcome:
          "Abbiamo esaminato la tua segnalazione e abbiamo sospeso l'account segnalato. Grazie per averci aiutato.",
      },
    ]);
    await openProfile();
    const card = (await screen.findByRole("heading", { name: "Le tue segnalazioni" })).closest(
      "div",
    )?.parentElement;
    expect(card).toBeTruthy();
    expect(await screen.findByText(/abbiamo sospeso l'account segnalato/)).toBeInTheDocument();
    expect(screen.getByText("Gestita")).toBeInTheDocument();
  });
});
