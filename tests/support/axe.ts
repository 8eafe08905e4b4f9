import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

/**
 * Accessibility checked by a machine: axe-core (the engine Lighthouse's accessibility audit runs) injected
 * into a playwright-core page, WCAG 2.0/2.1 level A and AA rules. Serious and critical violations fail the
 * test; minor and moderate ones are left to review.
 *
 * Every page tests/support/browser.ts opens is watched (watchAccessibility): the first time its main frame
 * navigates to a route in a test file (a full load or a client-side route change) the page is checked
 * once its DOM has settled, and
 * tests/setup/accessibility.ts checks every still-open page once more after each test and fails the test
 * on what was found. A journey can add checkpoints of its own (a dialog open, a form with its errors)
 * with expectAccessible(page, 'what is on screen').
 */

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] as const;
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

/** The last check queued on each page: axe runs one at a time in a page, so checks queue behind it. */
const queues = new WeakMap<Page, Promise<void>>();

/** Settles the page, runs axe and throws a readable report if it finds a serious or critical violation. */
export async function expectAccessible(page: Page, what = ""): Promise<void> {
  const run = (queues.get(page) ?? Promise.resolve()).then(async () => {
    await settle(page);
    return axeViolations(page);
  });
  queues.set(
    page,
    run.then(
      () => undefined,
      () => undefined,
    ),
  );
  const violations = await run;
  if (violations.length > 0) throw new Error(formatViolations(describePage(page, what), violations));
}

function describePage(page: Page, what: string): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}${what ? ` (${what})` : ""}`;
}

// --- Watching every page the harness opens ---------------------------------------------------------

/** Reports of the current test, one per page state and rule (tests/setup/accessibility.ts takes them). */
const reports = new Map<string, string>();
const watched = new Set<Page>();
const pending = new Set<Promise<void>>();

/** The page closed or navigated away while it was being checked: the next state gets its own check. */
const GONE = /Target page, context or browser has been closed|Execution context was destroyed|navigat/i;

/** Not an app page (the blank page a saved session is restored on before the journey's own URL). */
const notAppPage = (page: Page) => !page.url().startsWith("http");

async function checkNow(page: Page, what: string): Promise<void> {
  try {
    if (notAppPage(page)) return;
    await settle(page);
    if (notAppPage(page)) return;
    const violations = await axeViolations(page);
    // Left for a blank page while axe ran (signIn restoring a saved session): axe saw that page, not the app's.
    if (notAppPage(page)) return;
    const where = describePage(page, what);
    const state = describePage(page, "");
    for (const violation of violations) {
      reports.set(
        `${state}|${violation.id}|${violation.targets.join()}`,
        formatViolations(where, [violation]),
      );
    }
  } catch (error) {
    if (page.isClosed() || GONE.test(String(error))) return;
    reports.set(`${page.url()}|axe-error`, `${describePage(page, what)}: axe could not run: ${error}`);
  }
}

function queueCheck(page: Page, what: string): void {
  const check = (queues.get(page) ?? Promise.resolve()).then(() => checkNow(page, what));
  queues.set(page, check);
  pending.add(check);
  void check.finally(() => pending.delete(check));
}

/**
 * The routes already checked after a navigation in this test file: a route ('/messages/:id', whatever the
 * id) is checked the first time a journey reaches it, not again at each of its later visits. Its other
 * states are covered by the check at the end of each test, the journeys' own checkpoints
 * (expectAccessible) and the sweep of every page (tests/e2e/accessibility-pages.test.ts).
 */
const checkedRoutes = new Set<string>();

/** A path segment that names a document (a digit, an underscore, or a generated id's length). */
const ID_SEGMENT = /[0-9_]|^[A-Za-z-]{16,}$/;

/** '/messages/demo-req-x_y' → '/messages/*': the route, not the document. */
export function routeOf(url: string): string {
  const segments = new URL(url).pathname.split("/").filter(Boolean);
  return `/${segments.map((segment) => (ID_SEGMENT.test(segment) ? "*" : segment)).join("/")}`;
}

/** Checks the page after a navigation of its main frame to a route not checked yet in this file. */
export function watchAccessibility(page: Page): void {
  watched.add(page);
  page.on("close", () => watched.delete(page));
  page.on("framenavigated", (frame) => {
    if (frame !== page.mainFrame() || !watched.has(page)) return;
    const url = frame.url();
    if (!url.startsWith("http")) return;
    const route = routeOf(url);
    if (checkedRoutes.has(route)) return;
    checkedRoutes.add(route);
    queueCheck(page, "dopo la navigazione");
  });
}

/**
 * Stops watching a page that checks every state itself (the sweep of every page: a watched page would be
 * checked twice per route, once on arrival and once by the sweep).
 */
export function unwatchAccessibility(page: Page): void {
  watched.delete(page);
}

/**
 * After a test: waits for the checks under way, checks every watched page still open as the test left
 * it, and returns (and forgets) every report of the test.
 */
export async function takeAccessibilityReports(): Promise<string[]> {
  for (const page of watched) if (!page.isClosed()) queueCheck(page, "a fine test");
  while (pending.size > 0) await Promise.all([...pending]);
  const found = [...reports.values()];
  reports.clear();
  return found;
}

/** Forgets the reports of a previous test (a page closed and reopened between tests). */
export function resetAccessibilityReports(): void {
  reports.clear();
}
