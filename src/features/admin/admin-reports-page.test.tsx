import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ToastProvider } from "@/components/ui/toast";
import { createQueryClient } from "@/lib/query-client";
import { findToast } from "@/testing/toasts";
import { setupUser } from "@/testing/user";
import { AdminReportsPage } from "./admin-reports-page";

const role = vi.hoisted(() => ({ hasAdminRole: vi.fn() }));
const moderation = vi.hoisted(() => ({ listReports: vi.fn(), moderateReport: vi.fn() }));
vi.mock("@/data/admin-role", () => role);
vi.mock("@/data/moderation", () => moderation);

const REPORT = {
  id: "r1",
  reporterId: "anna",
  reportedUserId: "bici",
  kind: "conversation" as const,
  targetId: "req1_bici",
  conversationId: "req1_bici",
  excerpt: "Sei proprio un cretino",
  reason: "offensive" as const,
  text: "Insulti",
  status: "open" as const,
  createdAt: new Date("2026-11-25T09:00:00Z"),
  reportedName: "Bici & Co.",
  reportedSuspended: false,
};

function renderPage() {
  const user = setupUser();
  render(
    <ToastProvider>
      <QueryClientProvider client={createQueryClient()}>
        <AdminReportsPage />
      </QueryClientProvider>
    </ToastProvider>,
  );
  return user;
}

beforeEach(() => {
  vi.clearAllMocks();
  role.hasAdminRole.mockResolvedValue(true);
  moderation.listReports.mockResolvedValue({ reports: [REPORT] });
  moderation.moderateReport.mockResolvedValue({ ok: true });
});

describe("/admin/segnalazioni", () => {
  it("shows the queue and suspends the reported account", async () => {
    const user = renderPage();
    const card = await screen.findByRole("article", {
      name: "Conversazione · Linguaggio offensivo, minacce o molestie",
    });
    expect(within(card).getByText("Sei proprio un cretino")).toBeInTheDocument();
    expect(within(card).getByText("Bici & Co.")).toBeInTheDocument();
    expect(within(card).queryByRole("button", { name: "Nascondi la richiesta" })).toBeNull();
    await user.click(within(card).getByRole("button", { name: "Sospendi l'account" }));
    await findToast("Decisione registrata: chi ha segnalato riceverà l'esito.");
    expect(moderation.moderateReport).toHaveBeenCalledWith({ reportId: "r1", action: "suspend_user" });
    expect(moderation.listReports).toHaveBeenCalledTimes(2);
  });

  it("tells a user without the admin role that the page is not for them, and loads nothing", async () => {
    role.hasAdminRole.mockResolvedValue(false);
    renderPage();
    expect(await screen.findByRole("alert")).toHaveTextContent("Solo gli amministratori possono farlo.");
    expect(moderation.listReports).not.toHaveBeenCalled();
  });
});
