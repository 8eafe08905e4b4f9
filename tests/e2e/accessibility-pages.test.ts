// Every page of the app through axe (tests/support/axe.ts), as the role that sees it, at 360 px and at
// desktop width: the marketing and legal pages signed out, the buyer's and the shop's areas signed in.
// This sweep is where every page is checked; the journeys add checkpoints for the states it cannot reach
// (a dialog open, a code shown, a form with its errors), and admin-market, trust and shop-verification
// check the team's pages they open.

import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible } from "../support/axe";
import type { ViewportName } from "../support/browser";
import { SERVER_WAIT_MS, waitForPage } from "../support/page-ready";
import { seededJourney } from "../support/seeded-journey";

const { open, openAs } = seededJourney();

/** Seeded (scripts/seed/demo-data.ts): the buyer's lamp request, answered by negozio1 (its chat, its page). */
const LAMP_CHAT = "demo-req-lampada_demo-negozio-1";

const PUBLIC = [
  "/",
  "/acquirenti",
  "/negozianti",
  "/privacy",
  "/termini",
  "/cookie",
  "/regole",
  "/regole/recensioni",
  "/regole/ordinamento",
  "/accessibilita",
  "/auth",
];
const BUYER = [
  "/customer",
  "/requests",
  "/requests/demo-req-lampada",
  "/negozi/demo-negozio-1",
  "/create",
  "/messages",
  `/messages/${LAMP_CHAT}`,
  "/profile",
];
const SHOP = [
  "/merchant",
  "/browse",
  "/make-offer/demo-req-chitarra",
  "/offers",
  "/catalogo",
  "/abbonamento",
  `/messages/${LAMP_CHAT}`,
  "/profile",
];

/**
 * Visits each path in turn, waits for its heading, runs axe; returns every page's report. The app moves
 * from page to page as a link would (its router follows the history), not by reloading it: the journeys
 * load pages cold; here a reload per page cost the whole bundle and the session's start 40 times.
 */
async function sweep(page: Page, paths: readonly string[], viewport: ViewportName): Promise<string[]> {
  const failures: string[] = [];
  for (const path of paths) {
    await page.evaluate((next) => {
      if (window.location.pathname === next) return;
      window.history.pushState(null, "", next);
      window.dispatchEvent(new PopStateEvent("popstate"));
    }, path);
    await waitForPage(page, path, { timeout: SERVER_WAIT_MS });
    await page.getByRole("heading", { level: 1 }).first().waitFor({ timeout: SERVER_WAIT_MS });
    await expectAccessible(page, viewport).catch((error: Error) => failures.push(error.message));
  }
  return failures;
}

/** Signs `email` in on its home page, then sweeps `paths`. */
async function signedInSweep(
  viewport: ViewportName,
  email: string,
  home: string,
  paths: readonly string[],
): Promise<string[]> {
  const page = await openAs(email, home, viewport);
  return sweep(page, paths, viewport);
}

describe("every page passes axe (WCAG 2 A/AA, no serious or critical violation)", () => {
  for (const viewport of ["phone", "desktop"] as const) {
    it(`signed out, the buyer and the shop (${viewport})`, async () => {
      // The three sweeps side by side, each in its own context: a page's check waits mostly on the page
      // settling (tests/support/axe.ts), and those waits overlap.
      const [visitorFailures, buyerFailures, shopFailures] = await Promise.all([
        open("/", viewport).then((visitor) => sweep(visitor, PUBLIC, viewport)),
        signedInSweep(viewport, "acquirente@vicino.test", "/customer", BUYER),
        signedInSweep(viewport, "negozio1@vicino.test", "/merchant", SHOP),
      ]);
      const failures = [...visitorFailures, ...buyerFailures, ...shopFailures];
      expect(failures.join("\n")).toBe("");
    });
  }
});
