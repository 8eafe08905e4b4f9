import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Decision } from "@/domain/people/decisions";
import { renderPage } from "@/testing/render-page";
import { findToast } from "@/testing/toasts";
import { MyDecisions } from "./components/my-decisions";

const data = vi.hoisted(() => ({ listMyDecisions: vi.fn(), appealDecision: vi.fn() }));
vi.mock("@/data/decisions", () => data);

const suspended: Decision = {
  id: "r1",
  subjectId: "shop-1",
  action: "suspend_user",
  grounds: ["scam"],
  reasonText: "Chiedevi pagamenti fuori dall'app",
  decidedAt: new Date(Date.now() - 24 * 60 * 60 * 1000),
};

beforeEach(() => {
  vi.clearAllMocks();
  data.listMyDecisions.mockResolvedValue([suspended]);
  data.appealDecision.mockResolvedValue({ ok: true });
});

describe("/profile: 'Decisioni che ti riguardano'", () => {
  it("shows the decision with its grounds and words, and asks for a review once with a reason", async () => {
    const { user } = renderPage(<MyDecisions uid="shop-1" />, { path: "/profile" });
    const card = await screen.findByRole("heading", { name: "Decisioni che ti riguardano" });
    const section = card.closest("[id=decisioni]") as HTMLElement;
    expect(section).toHaveTextContent("Sospendi l'account");
    expect(section).toHaveTextContent("Motivi della decisione: Truffa o tentativo di truffa");
    expect(section).toHaveTextContent("Chiedevi pagamenti fuori dall'app");
    await user.click(within(section).getByRole("button", { name: "Chiedi una revisione" }));
    await user.click(within(section).getByRole("button", { name: "Invia la richiesta" }));
    expect(await within(section).findByText("Spiega perché chiedi una revisione")).toBeInTheDocument();
    expect(data.appealDecision).not.toHaveBeenCalled();
    await user.type(within(section).getByLabelText(/Perché la decisione/), "Non ho mai chiesto pagamenti");
    await user.click(within(section).getByRole("button", { name: "Invia la richiesta" }));
    await findToast("Richiesta di revisione inviata: ti scriveremo l'esito.");
    expect(data.appealDecision).toHaveBeenCalledWith({
      decisionId: "r1",
      text: "Non ho mai chiesto pagamenti",
    });
  });

  it("after asking, says it waits; after the answer, shows the outcome and no second request", async () => {
    const at = new Date();
    data.listMyDecisions.mockResolvedValue([{ ...suspended, appeal: { text: "Rivedete", at } }]);
    const first = renderPage(<MyDecisions uid="shop-1" />, { path: "/profile" });
    expect(await screen.findByText("Revisione richiesta: in attesa dell'esito")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Chiedi una revisione" })).toBeNull();
    first.unmount();
    data.listMyDecisions.mockResolvedValue([
      {
        ...suspended,
        appeal: { text: "Rivedete", at },
        appealOutcome: { outcome: "revoked", text: "Le prove non bastano", at },
      },
    ]);
    renderPage(<MyDecisions uid="shop-1" />, { path: "/profile" });
    expect(await screen.findByText("Decisione annullata")).toBeInTheDocument();
    expect(screen.getByText("Le prove non bastano")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Chiedi una revisione" })).toBeNull();
  });

  it("shows nothing to someone no decision concerns", async () => {
    data.listMyDecisions.mockResolvedValue([]);
    renderPage(<MyDecisions uid="buyer-1" />, { path: "/profile" });
    await vi.waitFor(() => expect(data.listMyDecisions).toHaveBeenCalledWith("buyer-1"));
    expect(screen.queryByRole("heading", { name: "Decisioni che ti riguardano" })).toBeNull();
  });
});
