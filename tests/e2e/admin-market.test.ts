// The market dashboard end to end, in Chromium against the local stack (rules on, the demo seed's
// rollups): an operator (the admin claim, as `npm run admin` gives it) opens /admin/mercato from the
// menu's link, reads the numbers the rollups hold, switches to 7 days and to one comune, and downloads
// the same numbers as CSV; a reload reads at most 10 documents; axe finds nothing serious. A buyer who
// types the address is sent to their own dashboard.

import type { Page, Response } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_BUYER, DEMO_PASSWORD } from "../../scripts/seed/demo-data";
import { COLLECTIONS } from "../../src/domain/core/collections";
import { type MarketFilter, marketDashboard } from "../../src/domain/market/market-dashboard";
import { MARKET_MESSAGES as M } from "../../src/domain/market/market-messages";
import { type MarketMonth, marketDay, marketMonthSchema } from "../../src/domain/market/market-rollups";
import { expectAccessible } from "../support/axe";
import { downloadedText } from "../support/browser";
import { SERVER_WAIT_MS } from "../support/page-ready";
import { seededJourney } from "../support/seeded-journey";
import { staffJourney } from "../support/staff-account";

const OPERATOR = { uid: "operatore", email: "operatore@vicino.test", name: "Operatore Vicino" };
const PAGE_READ_BUDGET = 10;

const { open, openAs } = seededJourney();
const team = staffJourney();

/** What the page should say, from the rollups the seed left (the page's own computation). */
async function expected(filter: Omit<MarketFilter, "today">) {
  const months: MarketMonth[] = (
    await team.admin().adminDb().collection(COLLECTIONS.marketRollups).get()
  ).docs.map((doc) => marketMonthSchema.parse(doc.data()));
  const board = marketDashboard(months, { ...filter, today: marketDay(new Date()) });
  if (!board.totals) throw new Error(`The seed leaves too few requests for ${JSON.stringify(filter)}`);
  return board.totals;
}

/** A headline number: the <dd> of the <dt> `label`, once it reads `value`. */
async function stat(page: Page, label: string, value: string) {
  const item = page.locator("dl > div").filter({ has: page.getByText(label, { exact: true }) });
  await item.locator("dd").getByText(value, { exact: true }).waitFor({ timeout: SERVER_WAIT_MS });
}

/**
 * Documents Firestore sends the page over REST (Firestore Lite: runQuery, batchGet, a document's get).
 * `counted()` waits for the bodies still being read: the page can show its numbers before the test has
 * parsed the responses that brought them (a clean-clone run read 0).
 */
function countReads(page: Page): { counted: () => Promise<number> } {
  let total = 0;
  const reading = new Set<Promise<void>>();
  const onResponse = async (response: Response) => {
    const url = response.url();
    if (!url.includes("/v1/projects/") || !url.includes("/documents")) return;
    if (response.request().method() === "OPTIONS") return;
    const body = await response.json().catch(() => null);
    if (Array.isArray(body)) total += body.filter((entry) => entry?.document || entry?.found).length;
    else if (body?.name && body?.fields) total += 1;
  };
  page.on("response", (response) => {
    const read = onResponse(response);
    reading.add(read);
    void read.finally(() => reading.delete(read));
  });
  return {
    counted: async () => {
      while (reading.size > 0) await Promise.all([...reading]);
      return total;
    },
  };
}

describe("the market dashboard", () => {
  it("an admin reads it, switches period and comune, downloads the CSV; a reload reads at most 10 documents", async () => {
    await team.seedStaff(OPERATOR);
    const page = await openAs(OPERATOR.email, "/admin/mercato", "desktop");
    await page.getByRole("heading", { level: 1, name: M.title }).waitFor({ timeout: SERVER_WAIT_MS });

    const month = await expected({ period: 30 });
    await stat(page, M.published, String(month.published));
    await stat(page, M.completed, String(month.completed));
    await page.getByRole("figure", { name: M.perDayTitle }).waitFor();
    await page
      .getByRole("table", { name: M.byComuneTitle })
      .getByRole("rowheader", { name: "Milano" })
      .waitFor({ state: "attached" });
    await expectAccessible(page, "30 giorni");

    await page.getByLabel(M.period, { exact: true }).selectOption({ label: M.periodOption(7) });
    const week = await expected({ period: 7 });
    await stat(page, M.published, String(week.published));

    await page.getByLabel(M.comune, { exact: true }).selectOption({ label: "Milano" });
    const milano = await expected({ period: 7, comune: "milano" });
    await stat(page, M.published, String(milano.published));
    await expectAccessible(page, "7 giorni, Milano");

    const [download] = await Promise.all([
      page.waitForEvent("download", { timeout: SERVER_WAIT_MS }),
      page.getByRole("button", { name: M.download }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^vicino-mercato-\d{4}-\d{2}-\d{2}-7g\.csv$/);
    const csv = await downloadedText(download);
    expect(csv).toContain(`totali;${M.published};${milano.published}\r\n`);
    expect(csv).toContain(`totali;${M.completed};${milano.completed}\r\n`);

    // A page load: the session's own documents and the rollups' months, nothing else.
    const reads = countReads(page);
    await page.reload();
    await stat(page, M.published, String(month.published));
    await expect.poll(reads.counted, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await reads.counted()).toBeLessThanOrEqual(PAGE_READ_BUDGET);
  });

  it("the admin's menu links to it; a buyer is sent to their own dashboard", async () => {
    await team.seedStaff(OPERATOR);
    const staff = await openAs(OPERATOR.email, "/admin/segnalazioni", "desktop");
    await staff.getByRole("button", { name: new RegExp(OPERATOR.name) }).click();
    await staff.getByRole("link", { name: "Mercato" }).click();
    await staff.getByRole("heading", { level: 1, name: M.title }).waitFor({ timeout: SERVER_WAIT_MS });

    const buyer = await open("/admin/mercato", "phone");
    await buyer.getByLabel("Email").fill(DEMO_BUYER.email);
    await buyer.getByLabel(/^Password/).fill(DEMO_PASSWORD);
    await buyer.getByRole("button", { name: "Accedi", exact: true }).click();
    await buyer.getByText(/^Ciao, .+!$/).waitFor({ timeout: SERVER_WAIT_MS });
    expect(await buyer.getByRole("heading", { name: M.title }).count()).toBe(0);
  });
});
