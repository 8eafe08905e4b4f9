import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

/**
 * Accessibility checked by a machine: axe-core (the engine Lighthouse's accessibility audit runs) injected
 * into a playwright-core page, WCAG 2.0/2.1 level A and AA rules. Serious and critical violations fail the
 * test; minor and moderate ones are left to review.
 *
 * Where it runs: the sweep of every page of the app, as the role that sees it, at both widths
 * (tests/e2e/accessibility-pages.test.ts), and the journeys' checkpoints, expectAccessible(page, 'what is
 * on screen'), at the states the sweep cannot reach (a dialog open, a form with its errors, a code shown).
 * Not after every navigation of every journey: that checked the same pages again in each file, a run's
 * ~150 axe passes on the cores the journeys need (docs/testing.md).
 */

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] as const;
const FAILING_IMPACTS = new Set(["serious", "critical"]);

export interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  helpUrl: string;
  /** CSS selectors of the offending elements (at most five). */
  targets: string[];
  /** The first offending element's markup (shortened) and what axe says about it. */
  html: string;
  summary: string;
}

/** Waits until the page's DOM has not changed for `quietMs` (at most `maxMs`): a rendered state, not a transition. */
async function settle(page: Page, quietMs = 400, maxMs = 5_000): Promise<void> {
  await page.evaluate(
    ({ quietMs, maxMs }) =>
      new Promise<void>((resolve) => {
        let timer = setTimeout(done, quietMs);
        const cap = setTimeout(done, maxMs);
        const observer = new MutationObserver(() => {
          clearTimeout(timer);
          timer = setTimeout(done, quietMs);
        });
        observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
        function done() {
          observer.disconnect();
          clearTimeout(timer);
          clearTimeout(cap);
          resolve();
        }
      }),
    { quietMs, maxMs },
  );
}

/**
 * Runs axe on the page as it is now; returns its serious and critical violations. A page that loads a new
 * document between axe's injection and its run (a reload, a sign-in's redirect) has lost axe: it is
 * injected again, twice at most, then the check counts as navigated away.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const violations = await axeViolationsOnce(page);
    if (violations) return violations;
  }
  throw new Error("the page navigated to a new document each time axe was about to run");
}

async function axeViolationsOnce(page: Page): Promise<AxeViolation[] | null> {
  // Evaluated through the DevTools protocol, so a page's Content-Security-Policy does not block it.
  const injected = await page.evaluate("typeof window.axe === 'object'");
  if (!injected) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    async (tags) => {
      type Result = {
        violations: {
          id: string;
          impact?: string | null;
          help: string;
          helpUrl: string;
          nodes: { target: unknown[]; html: string; failureSummary?: string }[];
        }[];
      };
      const axe = (
        window as unknown as { axe?: { run(context: Document, options: object): Promise<Result> } }
      ).axe;
      if (!axe) return null;
      const result = await axe.run(document, {
        runOnly: { type: "tag", values: tags },
        // Third-party frames (the Auth emulator's, reCAPTCHA's) are not the app's and never answer axe.
        iframes: false,
        resultTypes: ["violations"],
      });
      return result.violations.map((violation) => ({
        id: violation.id,
        impact: violation.impact ?? "unknown",
        help: violation.help,
        helpUrl: violation.helpUrl,
        targets: violation.nodes.slice(0, 5).map((node) => node.target.map(String).join(" ")),
        html: (violation.nodes[0]?.html ?? "").replace(/\s+/g, " ").slice(0, 200),
        summary: (violation.nodes[0]?.failureSummary ?? "").replace(/\s+/g, " ").slice(0, 300),
      }));
    },
    WCAG_TAGS as unknown as string[],
  );
  return violations?.filter((violation) => FAILING_IMPACTS.has(violation.impact)) ?? null;
}

/** One readable block per violation: rule, impact, what it asks, where, and axe's explanation. */
export function formatViolations(where: string, violations: readonly AxeViolation[]): string {
  const lines = violations.map(
    (violation) =>
      `  - [${violation.impact}] ${violation.id}: ${violation.help}\n` +
      `      at ${violation.targets.join(" | ")}\n` +
      (violation.html ? `      ${violation.html}\n` : "") +
      (violation.summary ? `      ${violation.summary}\n` : "") +
      `      ${violation.helpUrl}`,
  );
  return `${where}: ${violations.length} serious/critical accessibility violation(s)\n${lines.join("\n")}`;
}

/** Settles the page, runs axe and throws a readable report if it finds a serious or critical violation. */
export async function expectAccessible(page: Page, what = ""): Promise<void> {
  await settle(page);
  const violations = await axeViolations(page);
  if (violations.length > 0) throw new Error(formatViolations(describePage(page, what), violations));
}

function describePage(page: Page, what: string): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}${what ? ` (${what})` : ""}`;
}
