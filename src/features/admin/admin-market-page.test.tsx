import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { MARKET_MESSAGES as M } from "@/domain/market/market-messages";
import {
  emptyMarketCell,
  type MarketCell,
  type MarketMonth,
  marketCellKey,
  marketDay,
  marketMonth,
  shiftDay,
} from "@/domain/market/market-rollups";
import { createQueryClient } from "@/lib/query-client";
import { setupUser } from "@/testing/user";
import { AdminMarketPage } from "./admin-market-page";

const role = vi.hoisted(() => ({ hasAdminRole: vi.fn() }));
const rollups = vi.hoisted(() => ({ fetchMarketMonths: vi.fn() }));
vi.mock("@/data/admin-role", () => role);
vi.mock("@/data/market-rollups", () => rollups);

const TODAY = marketDay(new Date());

function months(cells: Partial<MarketCell>[]): MarketMonth[] {
  const byMonth = new Map<string, MarketMonth>();
  for (const fields of cells) {
    const cell = { ...emptyMarketCell({ day: TODAY, comune: "Milano", category: "casa" }), ...fields };
    const month = byMonth.get(marketMonth(cell.day)) ?? {
      month: marketMonth(cell.day),
      cells: {},
      shopDays: {},
    };
    month.cells[marketCellKey(cell)] = cell;
    byMonth.set(month.month, month);
  }
  return [...byMonth.values()];
}

const MARKET = months([
  {
    published: 4,
    withOffer: 3,
    offeredWithin24h: 2,
    offers: 6,
    accepted: 1,
    completed: 1,
    firstOfferMinutes: { "30": 2, "600": 1 },
    shops: ["a", "b"],
  },
  {
    day: shiftDay(TODAY, -20),
    published: 5,
    withOffer: 1,
    offers: 1,
    firstOfferMinutes: { "3000": 1 },
    shops: ["c"],
  },
  { day: shiftDay(TODAY, -20), comune: "Monza", category: "sport", published: 3 },
  { day: shiftDay(TODAY, -1), comune: "Rho", category: "sport", published: 2 },
]);

function renderPage() {
  const user = setupUser();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={["/admin/mercato"]}>
        <Routes>
          <Route path="/admin/mercato" element={<AdminMarketPage />} />
          <Route path="/dashboard" element={<p>La tua area</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return user;
}

/** A headline number as the page shows it. */
function stat(label: string): string | null {
  const item = screen.getByText(label, { exact: true }).closest("div");
  return item ? within(item as HTMLElement).getByRole("definition").textContent : null;
}

beforeEach(() => {
  vi.clearAllMocks();
  role.hasAdminRole.mockResolvedValue(true);
  rollups.fetchMarketMonths.mockResolvedValue(MARKET);
});

describe("/admin/mercato", () => {
  it("shows the period's numbers and recomputes them for another period or comune without reading again", async () => {
    const user = renderPage();
    await screen.findByRole("heading", { level: 1, name: M.title });
    await screen.findByText(M.published, { exact: true });
    // 30 days: today's 4 in Milano, 5 in Milano and 3 in Monza 20 days ago, 2 in Rho yesterday.
    expect(stat(M.published)).toBe("14");
    expect(stat(M.medianFirstOffer)).toBe("30 min");
    expect(stat(M.p90FirstOffer)).toBe("2 g 2 h");
    expect(stat(M.activeShops)).toBe("3");
    expect(screen.getByRole("table", { name: M.byComuneTitle })).toHaveTextContent("Monza");
    expect(screen.getByText(M.hiddenGroups(1))).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText(M.period, { exact: true }), "7");
    expect(stat(M.published)).toBe("6");
    expect(screen.getByRole("status")).toHaveTextContent("Ultimi 7 giorni: 6 richieste pubblicate.");

    // Rho has 2 requests: not offered as a choice.
    const comune = screen.getByLabelText(M.comune, { exact: true });
    expect(within(comune).queryByRole("option", { name: "Rho" })).toBeNull();
    await user.selectOptions(comune, "milano");
    expect(stat(M.published)).toBe("4");
    // Yesterday's 2 requests in Rho are the week's only sport: hidden.
    await user.selectOptions(comune, "");
    await user.selectOptions(screen.getByLabelText(M.category, { exact: true }), "sport");
    expect(screen.getByText(M.tooFew)).toBeInTheDocument();
    expect(rollups.fetchMarketMonths).toHaveBeenCalledTimes(1);
    expect(rollups.fetchMarketMonths).toHaveBeenCalledWith(marketMonth(shiftDay(TODAY, -89)));
  });

  it("sends a non-admin to their dashboard and reads nothing", async () => {
    role.hasAdminRole.mockResolvedValue(false);
    renderPage();
    await screen.findByText("La tua area");
    expect(rollups.fetchMarketMonths).not.toHaveBeenCalled();
  });
});
