import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { readRepoInputs } from "./check";
import { analyzeFunctions, type FunctionsAnalysis } from "./functions-analysis";

/**
 * deploy:check's secret analysis on the real functions (built once into a throw-away folder): which
 * secrets each function's code reads, whatever it binds today. These facts hold as long as the code
 * reads each secret where it does now; the binding itself is what `npm run deploy:check` checks.
 */
const root = resolve(fileURLToPath(new URL("../..", import.meta.url)));
let analysis: FunctionsAnalysis;
beforeAll(async () => {
  analysis = await analyzeFunctions((await readRepoInputs()).functionsBuildOptions, root);
}, 120_000);

const needs = (name: string) => [...(analysis.needed[name]?.keys() ?? [])].sort();

describe("secrets the functions' code reads", () => {
  it("follows every exported function to its module", () => {
    expect(analysis.findings).toEqual([]);
    expect(Object.keys(analysis.needed).sort()).toEqual(Object.keys(analysis.endpoints).sort());
  });

  it("Gemini's key in the AI functions", () => {
    expect(needs("algoChat")).toContain("GEMINI_API_KEY");
    expect(needs("generateOfferDescription")).toContain("GEMINI_API_KEY");
    expect(needs("dictateOffer")).toContain("GEMINI_API_KEY");
  });

  it("the SMTP login wherever mail is sent, and not on the request path, whose e-mails go to the queue", () => {
    for (const name of ["createMagicLink", "sendEmail", "deliverNotificationEmail", "emailRetries"])
      expect(needs(name), name).toEqual(expect.arrayContaining(["SMTP_PASS", "SMTP_USER"]));
    for (const name of [
      "acceptOffer",
      "submitOffer",
      "onMessageCreated",
      "onRequestWritten",
      "sendShopDigest",
    ])
      expect(needs(name), name).toEqual([]);
  });

  it("the webhook's secret and the Stripe key (it refunds a refused launch payment) in the webhook, nothing in the health check", () => {
    expect(needs("stripeWebhook")).toEqual(["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"]);
    expect(needs("health")).toEqual([]);
  });
});
