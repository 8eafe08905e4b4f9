// An error in the browser reaches someone: a signed-in buyer's page throws on purpose, and the error
// endpoint (POST /api/client-error → reportClientError) logs it in the functions' log as a Cloud Error
// Reporting event naming the buyer by uid only. Also: every Firebase request of a signed-in page carries
// App Check's token, from the first read on.

import type { Request } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_BUYER } from "../../scripts/seed/demo-data";
import { type FunctionLogEntry, waitForFunctionLog } from "../support/functions-log";
import { SERVER_WAIT_MS } from "../support/page-ready";
import { seededJourney } from "../support/seeded-journey";
import { startStack } from "../support/stack";

const { open, signIn } = seededJourney();

const DEMO_BUYER_REQUEST = "iPhone 13 128 GB";
const REPORTED_ERROR_EVENT =
  "type.googleapis.com/google.devtools.clouderrorreporting.v1beta1.ReportedErrorEvent";

const isBrowserError = (message: string) => (entry: FunctionLogEntry) =>
  entry["@type"] === REPORTED_ERROR_EVENT &&
  (entry.serviceContext as { service?: string } | undefined)?.service === "vicino-web" &&
  typeof entry.message === "string" &&
  entry.message.startsWith(`Error: ${message}\n`);

describe("client errors", () => {
  it("an error thrown on a signed-in page reaches the error endpoint's log, with the uid and nothing personal", async () => {
    const stack = await startStack();
    const page = await open("/customer", "phone");
    const firebaseRequests: Request[] = [];
    const firebaseHosts = [stack.hosts.firestore, stack.hosts.auth];
    page.on("request", (request) => {
      if (firebaseHosts.includes(new URL(request.url()).host) && request.method() !== "OPTIONS") {
        firebaseRequests.push(request);
      }
    });
    await signIn(page, DEMO_BUYER.email, "/customer");
    // The buyer's own request, read from Firestore (Lite) once signed in.
    await page.getByText(DEMO_BUYER_REQUEST).first().waitFor({ timeout: SERVER_WAIT_MS });

    // Thrown outside any handler the app has, twice (sent once), then another error.
    await page.evaluate(() => {
      for (const message of ["prova-errore", "prova-errore", "prova-errore-bis"]) {
        setTimeout(() => {
          throw new Error(message);
        });
      }
    });

    const [first] = await waitForFunctionLog(stack, isBrowserError("prova-errore"));
    await waitForFunctionLog(stack, isBrowserError("prova-errore-bis"));
    const { raw, entry } = first ?? { raw: "", entry: {} };
    expect(entry).toMatchObject({
      severity: "ERROR",
      kind: "error",
      serviceContext: { service: "vicino-web", version: expect.any(String) },
      context: {
        httpRequest: { url: "/customer", userAgent: expect.stringMatching(/^chrome \d+( mobile)?$/) },
        user: DEMO_BUYER.uid,
      },
    });
    // A V8 stack Error Reporting parses: the header, then frames.
    expect(entry.message).toMatch(/^Error: prova-errore\n\s+at /);
    // The uid at most: no e-mail, no name.
    expect(raw).not.toContain(DEMO_BUYER.email);
    expect(raw).not.toMatch(/[\w.+-]+@[\w-]+\.[a-z]{2,}/i);
    expect(raw).not.toContain(DEMO_BUYER.displayName);
    // The same error twice on one page load is reported once.
    expect(await waitForFunctionLog(stack, isBrowserError("prova-errore"))).toHaveLength(1);

    // App Check from the app's start: Auth's sign-in and every Firestore Lite read carried its token as a
    // header. (The full SDK's live channel, /Listen/channel, does not send per-request headers the same
    // way and is left out here; the order test in src/data/app-start.test.ts covers its start.)
    const plain = firebaseRequests.filter((request) => !request.url().includes("/Listen/channel"));
    expect(plain.some((request) => request.url().includes("/documents"))).toBe(true);
    const withoutToken = plain.filter((request) => !request.headers()["x-firebase-appcheck"]);
    expect(withoutToken.map((request) => request.url())).toEqual([]);
  });
});
