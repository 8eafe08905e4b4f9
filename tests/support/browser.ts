import { existsSync } from "node:fs";
import {
  type Browser,
  type BrowserContextOptions,
  chromium,
  type Download,
  type Page,
} from "playwright-core";
import { inject } from "vitest";
import { recordBrowserDenial } from "./rules-denials";

/** Every console message of the pages of the current test, printed under it if it fails (tests/setup). */
const consoleLines: string[] = [];
function recordConsole(line: string): void {
  consoleLines.push(line.length > 500 ? `${line.slice(0, 500)}…` : line);
}
export function takeConsoleLines(): string[] {
  return consoleLines.splice(0);
}

/** How the app reports a request the rules refused (src/data), and the SDK's own wording of it. */
const RULES_REFUSAL = /permission-denied|PERMISSION_DENIED|Missing or insufficient permissions/;

/** Debian's Chromium driven by playwright-core (which gives it a fresh temporary profile). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium non trovato in ${CHROMIUM_PATH} (apt-get install chromium, o imposta CHROMIUM_PATH)`,
    );
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

/**
 * The run's Chromium for a test file: the e2e layer's global setup launches one browser server for the
 * whole run (tests/support/global-setup.ts) and each file connects to it (closing the connection closes
 * only that file's contexts); elsewhere a browser of its own.
 */
export async function testChromium(): Promise<Browser> {
  const shared = inject("vicinoChromium");
  return shared ? chromium.connect(shared) : launchChromium();
}

/** A browser server for a whole test run; `close` stops it. */
export async function launchChromiumServer(): Promise<{ wsEndpoint: string; close: () => Promise<void> }> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium non trovato in ${CHROMIUM_PATH} (apt-get install chromium, o imposta CHROMIUM_PATH)`,
    );
  }
  const server = await chromium.launchServer({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
  });
  return { wsEndpoint: server.wsEndpoint(), close: () => server.close() };
}

export const VIEWPORTS = {
  phone: { width: 360, height: 800 },
  desktop: { width: 1280, height: 800 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

/**
 * A phone's layout at one device pixel per CSS pixel: Chromium draws in software here, and a phone's
 * 2× density drew four times the pixels (Chromium was ~60 % of a core through the journeys) for the
 * same layout, the same text and the same axe findings. Animations are reduced, as the app honours it.
 */
const CONTEXTS: Record<ViewportName, BrowserContextOptions> = {
  phone: { viewport: VIEWPORTS.phone, isMobile: true, hasTouch: true, deviceScaleFactor: 1 },
  desktop: { viewport: VIEWPORTS.desktop },
};

export interface OpenedPage {
  page: Page;
  /** Uncaught exceptions and console errors seen so far on the page. */
  errors: string[];
  /** Closes the page's own browser context (its storage goes with it). */
  close(): Promise<void>;
}

/**
 * Opens `url` in a new, isolated browser context (own cookies, localStorage, IndexedDB) at a
 * phone (360×800) or desktop (1280×800) viewport, Italian locale, Rome time zone.
 */
export async function openPage(
  browser: Browser,
  url: string,
  viewport: ViewportName = "phone",
  /** A saved browser state (tests/support/saved-sessions.ts) the context starts with: a signed-in page. */
  storageState?: string,
): Promise<OpenedPage> {
  const context = await browser.newContext({
    ...CONTEXTS[viewport],
    ...(storageState ? { storageState } : {}),
    locale: "it-IT",
    timezoneId: "Europe/Rome",
    reducedMotion: "reduce",
  });
  // Live listeners start at load rather than 5 s after it (src/lib/after-settled.ts): a journey waits
  // on what the user sees, and a phone's first paint is the Lighthouse bench's business.
  await context.addInitScript(() => {
    (window as { vicinoLiveStartDelayMs?: number }).vicinoLiveStartDelayMs = 0;
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    recordConsole(`${message.type()} ${new URL(page.url()).pathname}: ${message.text()}`);
    if (message.type() !== "error") return;
    errors.push(message.text());
    if (RULES_REFUSAL.test(message.text())) recordBrowserDenial(`${page.url()}: ${message.text()}`);
  });
  await page.goto(url, { waitUntil: "load" });
  return { page, errors, close: () => context.close() };
}

/** A download's content as text (a stream: the run's shared Chromium is remote, so it has no local path). */
export async function downloadedText(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString("utf8");
}
