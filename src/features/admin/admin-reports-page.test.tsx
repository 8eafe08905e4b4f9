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
const decisions = vi.hoisted(() => ({ listAppeals: vi.fn(), decideAppeal: vi.fn() }));
vi.mock("@/data/moderation", () => moderation);
vi.mock("@/data/decisions", () => decisions);

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
  decisions.listAppeals.mockResolvedValue({ appeals: [] });
  decisions.decideAppeal.mockResolvedValue({ ok: true });
});

describe("/admin/segnalazioni", () => {
  it("shows the queue and suspends the reported account, with the grounds and the admin's words", async () => {
    const user = renderPage();
    const card = await screen.findByRole("article", {
      name: "Conversazione · Linguaggio offensivo, minacce o molestie",
    });
    expect(within(card).getByText("Sei proprio un cretino")).toBeInTheDocument();
    expect(within(card).getByText("Bici & Co.")).toBeInTheDocument();
    expect(within(card).queryByRole("button", { name: "Nascondi la richiesta" })).toBeNull();
    // No decision without its grounds.
    await user.click(within(card).getByRole("button", { name: "Sospendi l'account" }));
    expect(await within(card).findByText("Scegli almeno un motivo")).toBeInTheDocument();
    expect(moderation.moderateReport).not.toHaveBeenCalled();
    await user.click(
      within(card).getByRole("checkbox", { name: "Linguaggio offensivo, minacce o molestie" }),
    );
    await user.type(within(card).getByLabelText(/Spiegazione/), "Insulti ripetuti");
    await user.click(within(card).getByRole("button", { name: "Sospendi l'account" }));
    await findToast("Decisione registrata: chi ha segnalato riceverà l'esito.");
    expect(moderation.moderateReport).toHaveBeenCalledWith({
      reportId: "r1",
      action: "suspend_user",
      grounds: ["harassment"],
      reasonText: "Insulti ripetuti",
    });
    expect(moderation.listReports).toHaveBeenCalledTimes(2);
  });

  it("tells a user without the admin role that the page is not for them, and loads nothing", async () => {
    role.hasAdminRole.mockResolvedValue(false);
    renderPage();
    expect(await screen.findByRole("alert")).toHaveTextContent("Solo gli amministratori possono farlo.");
    expect(moderation.listReports).not.toHaveBeenCalled();
  });

  it("lists a request for review with its history, and answers it with an outcome and its words", async () => {
    decisions.listAppeals.mockResolvedValue({
      appeals: [
        {
          id: "r9",
          subjectId: "bici",
          action: "suspend_user",
          grounds: ["scam"],
          reasonText: "Pagamenti fuori dall'app",
          decidedAt: new Date("2026-11-20T09:00:00Z"),
          appeal: { text: "Non ho mai chiesto pagamenti", at: new Date("2026-11-21T09:00:00Z") },
          subjectName: "Bici & Co.",
        },
      ],
    });
    const user = renderPage();
    const card = await screen.findByRole("article", { name: "Bici & Co. · Sospendi l'account" });
    expect(card).toHaveTextContent("Truffa o tentativo di truffa · Pagamenti fuori dall'app");
    expect(card).toHaveTextContent("Non ho mai chiesto pagamenti");
    await user.click(within(card).getByRole("button", { name: "Decisione annullata" }));
    expect(await within(card).findByText("Scrivi i motivi dell'esito")).toBeInTheDocument();
    await user.type(within(card).getByLabelText(/Motivi dell'esito/), "Le prove non bastano");
    await user.click(within(card).getByRole("button", { name: "Decisione annullata" }));
    await vi.waitFor(() =>
      expect(decisions.decideAppeal).toHaveBeenCalledWith({
        decisionId: "r9",
        outcome: "revoked",
        text: "Le prove non bastano",
      }),
    );
  });
});
