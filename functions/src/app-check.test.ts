import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import * as deployed from "./index";
import { callableOptions } from "./lib/global-options";

/**
 * App Check on every callable. firebase-functions keeps `enforceAppCheck` inside the
 * request handler (it is not in `__endpoint`), so each exported callable is called here as Cloud
 * Run would call it, without an App Check token: enforcement answers 401 before the handler runs.
 */

type DeployedFunction = ((req: unknown, res: unknown) => Promise<unknown>) & {
  __endpoint: { callableTrigger?: object; httpsTrigger?: object };
};

const functions = Object.entries(deployed as unknown as Record<string, DeployedFunction>);
const callables = functions.filter(([, fn]) => fn.__endpoint.callableTrigger !== undefined);

/** A callable POST as the client SDK sends it, with the given headers (no App Check header unless given). */
function callableRequest(headers: Record<string, string>) {
  const all: Record<string, string> = { "content-type": "application/json", ...headers };
  const header = (name: string) => all[name.toLowerCase()];
  return { method: "POST", headers: all, header, get: header, body: { data: {} }, ip: "127.0.0.1" };
}

/** Just enough of an Express response for firebase-functions' callable wrapper and its CORS step. */
function response() {
  const res = Object.assign(new EventEmitter(), {
    statusCode: 200,
    body: undefined as unknown,
    headers: {} as Record<string, unknown>,
    setHeader(name: string, value: unknown) {
      res.headers[name.toLowerCase()] = value;
    },
    getHeader: (name: string) => res.headers[name.toLowerCase()],
    status(code: number) {
      res.statusCode = code;
      return res;
    },
    send(body: unknown) {
      res.body = body;
      res.emit("finish");
      return res;
    },
    end() {
      res.emit("finish");
    },
  });
  return res;
}

describe("App Check on every callable", () => {
  it("the shared callable options enforce it", () => {
    expect(callableOptions).toMatchObject({ region: "europe-west8", enforceAppCheck: true });
  });

  it("finds the app's callables among the exported functions", () => {
    expect(callables.map(([name]) => name).sort()).toEqual(
      [
        "acceptOffer",
        "algoChat",
        "publishAlgoRequest",
        "publishRequest",
        "completeTransaction",
        "createMagicLink",
        "generateOfferDescription",
        "dictateOffer",
        "purchaseTokens",
        "reclaimAccount",
        "rejectOffer",
        "submitOffer",
        "submitGroupOffer",
        "syncProfile",
        "verifyMagicLink",
        "verifyShop",
        "deleteMyAccount",
        "exportMyData",
        "listReports",
        "liftSuspension",
        "listShopReviews",
        "decideShopReview",
        "moderateReport",
        "startSmokeRun",
        "reportContent",
        "appealDecision",
        "listAppeals",
        "decideAppeal",
        "setBlock",
        "startCheckout",
        "confirmSimulatedCheckout",
        "cancelSubscription",
        "resumeSubscription",
        "openBillingPortal",
        "closeRequest",
        "renewRequest",
        "cancelDeal",
        "verifyPickup",
        "releaseHold",
        "markNoShow",
        "readPickupRecord",
        "withdrawOffer",
        "priceGuidance",
      ].sort(),
    );
    // What is left are the HTTP endpoints, outside App Check: health, the rate-limited sendEmail,
    // stripeWebhook (Stripe calls it; its signature is verified instead) and unsubscribeEmail (a link
    // in an e-mail and the mail client's one-click POST; its signed token is verified instead), and
    // reportClientError (the browser's error reports, which must arrive also when App Check fails:
    // strict schema and a per-address limit instead).
    expect(functions.filter(([, fn]) => fn.__endpoint.httpsTrigger).map(([name]) => name)).toEqual([
      "stripeWebhook",
      "sendEmail",
      "reportClientError",
      "health",
      "unsubscribeEmail",
    ]);
  });

  it.each(callables)(
    "%s refuses a request without an App Check token before its handler runs",
    async (_, fn) => {
      const res = response();
      await fn(callableRequest({}), res);
      expect(res.statusCode).toBe(401);
      // The framework's own refusal: the handlers' unauthenticated errors carry Italian messages.
      expect(res.body).toEqual({ error: { status: "UNAUTHENTICATED", message: "Unauthenticated" } });
    },
  );
});
