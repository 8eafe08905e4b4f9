import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { paths } from "../../src/config/paths";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../tests/support/browser";
import { DEMO_PASSWORD } from "../seed/demo-data";
import { findFreePorts, LOCAL_HOST } from "../stack/ports";
import { ServiceProcess } from "../stack/process";
import { httpAnswers, waitUntil } from "../stack/wait";
import { root, VERBOSE } from "./lighthouse-options";
import { ACCOUNT_BY_ROLE } from "./lighthouse-pages";

// The browser Lighthouse drives, and the demo accounts' sign-in in it.

export interface Chromium {
  port: number;
  stop(): Promise<void>;
}

/** Debian's Chromium with a DevTools port on 127.0.0.1 and a fresh profile (removed on stop). */
export async function launchChromium(extraArgs: readonly string[]): Promise<Chromium> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH} (apt-get install chromium, or set CHROMIUM_PATH)`,
    );
  }
  const profile = mkdtempSync(join(tmpdir(), "vicino-lighthouse-profile-"));
  const [port] = await findFreePorts(1);
  const service = new ServiceProcess(
    {
      name: "chromium",
      command: CHROMIUM_PATH,
      args: [
        ...CHROMIUM_ARGS,
        "--disable-quic",
        ...extraArgs,
        `--user-data-dir=${profile}`,
        `--remote-debugging-address=${LOCAL_HOST}`,
        `--remote-debugging-port=${port}`,
        // What chrome-launcher adds for Lighthouse: no extensions, no background throttling of the tab.
        "--disable-extensions",
        "--disable-default-apps",
        "--no-default-browser-check",
        "--mute-audio",
        "--disable-background-timer-throttling",
        "--disable-backgrounding-occluded-windows",
        "--disable-renderer-backgrounding",
        "--password-store=basic",
        "--use-mock-keychain",
        "about:blank",
      ],
      cwd: root,
    },
    { verbose: VERBOSE },
  );
  const stop = async () => {
    await service.stop(5_000, "SIGTERM");
    rmSync(profile, { recursive: true, force: true });
  };
  try {
    await waitUntil("Chromium (DevTools)", () => httpAnswers(`http://${LOCAL_HOST}:${port}/json/version`), {
      timeoutMs: 30_000,
      service,
    });
    service.ready = true;
  } catch (error) {
    await stop();
    throw error;
  }
  return { port: port!, stop };
}

/** Where each role lands to sign in, and what shows that the page opened signed in. */
const SIGN_IN_CHECK = {
  buyer: { path: paths.create.path, heading: "Chiedi ad Algo" },
  merchant: { path: paths.merchantDashboard.path, heading: /^Ciao, / },
} as const;

/**
 * Runs `use` on a new tab of Chromium's default profile (the one Lighthouse's tabs use), then closes the
 * tab and disconnects; the profile (and its IndexedDB) stays with the browser.
 */
async function inDefaultProfile<T>(
  devtoolsPort: number,
  use: (page: Page, context: BrowserContext) => Promise<T>,
): Promise<T> {
  const browser = await chromium.connectOverCDP(`http://${LOCAL_HOST}:${devtoolsPort}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error("Chromium has no default context");
    const page = await context.newPage();
    try {
      return await use(page, context);
    } finally {
      await page.close();
    }
  } finally {
    await browser.close();
  }
}

/** Clears the app origin's storage (cookies, localStorage, IndexedDB: Firebase Auth's session). */
async function clearOrigin(page: Page, context: BrowserContext, appUrl: string): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Storage.clearDataForOrigin", { origin: new URL(appUrl).origin, storageTypes: "all" });
}

/** Signs out whoever was signed in, in Chromium's default profile. */
export async function signOut(devtoolsPort: number, appUrl: string): Promise<void> {
  await inDefaultProfile(devtoolsPort, (page, context) => clearOrigin(page, context, appUrl));
}

/**
 * Signs a demo account in through /auth in Chromium's default profile (the one Lighthouse's tabs use),
 * after clearing the origin's storage (so the previous account is gone), then checks that its home
 * page opens signed in on a fresh load. The Firebase Auth session lives in IndexedDB. For the buyer it
 * returns the path of their first conversation (the bench measures a conversation too).
 */
export async function signIn(
  devtoolsPort: number,
  appUrl: string,
  role: "buyer" | "merchant",
): Promise<{ conversationPath?: string }> {
  const account = ACCOUNT_BY_ROLE[role];
  const check = SIGN_IN_CHECK[role];
  return inDefaultProfile(devtoolsPort, async (page, context) => {
    await clearOrigin(page, context, appUrl);
    await page.goto(`${appUrl}${check.path}`, { waitUntil: "load" });
    await page.waitForURL((url) => url.pathname === paths.auth.path, { timeout: 30_000 });
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Accedi", exact: true }).click();
    await page.waitForURL((url) => url.pathname === check.path, { timeout: 30_000 });
    await page.getByRole("heading", { name: check.heading }).waitFor({ timeout: 30_000 });
    // A fresh load must find the session again (what every signed-in Lighthouse run relies on).
    await page.goto(`${appUrl}${check.path}`, { waitUntil: "load" });
    await page.getByRole("heading", { name: check.heading }).waitFor({ timeout: 30_000 });
    if (new URL(page.url()).pathname !== check.path) throw new Error(`after signing in: ${page.url()}`);
    if (role !== "buyer") return {};
    await page.goto(`${appUrl}${paths.messages.path}`, { waitUntil: "load" });
    const link = page.locator('a[href^="/messages/"]').first();
    await link.waitFor({ timeout: 30_000 });
    const href = await link.getAttribute("href");
    if (!href) throw new Error("the buyer has no conversation to measure");
    return { conversationPath: href };
  });
}
