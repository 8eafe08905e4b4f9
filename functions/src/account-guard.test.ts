import { describe, expect, it } from "vitest";
import { ACCOUNT_GUARD } from "@/domain/people/account-standing";
import * as deployed from "./index";
import { ACCOUNT_GUARD_MARK } from "./lib/account-guard";

/**
 * The account guard on every callable and every task: each is built with guardedCall / guardedTask,
 * which mark the function with its policy. A callable or task written with plain onCall /
 * onTaskDispatched has no mark and fails here, so a new one cannot skip the suspension check.
 */

type Deployed = { __endpoint: { callableTrigger?: object; taskQueueTrigger?: object } } & Record<
  string,
  unknown
>;

const functions = Object.entries(deployed as unknown as Record<string, Deployed>);
const callables = functions.filter(([, fn]) => fn.__endpoint.callableTrigger !== undefined);
const tasks = functions.filter(([, fn]) => fn.__endpoint.taskQueueTrigger !== undefined);
const policyOf = (fn: Deployed) => fn[ACCOUNT_GUARD_MARK];

describe("the account guard on every callable and task", () => {
  it("finds the callables and the tasks", () => {
    expect(callables.length).toBeGreaterThan(30);
    expect(tasks.map(([name]) => name).sort()).toEqual(
      ["deliverNotificationEmail", "deliverWelcomeEmail", "runSmokeTask", "sendShopDigest"].sort(),
    );
  });

  it.each([...callables, ...tasks])("%s goes through the guard", (_, fn) => {
    expect(Object.values(ACCOUNT_GUARD)).toContain(policyOf(fn));
  });

  it("only the magic link's two calls, made before any sign-in, skip the account check", () => {
    const open = callables.filter(([, fn]) => policyOf(fn) === ACCOUNT_GUARD.public).map(([name]) => name);
    expect(open.sort()).toEqual(["createMagicLink", "verifyMagicLink"]);
  });

  it("a shop's actions ask for a shop an admin did not refuse", () => {
    const shop = callables.filter(([, fn]) => policyOf(fn) === ACCOUNT_GUARD.shop).map(([name]) => name);
    expect(shop.sort()).toEqual(
      [
        "dictateOffer",
        "generateOfferDescription",
        "markNoShow",
        "priceGuidance",
        "readPickupRecord",
        "releaseHold",
        "submitGroupOffer",
        "submitOffer",
        "verifyPickup",
        "withdrawOffer",
      ].sort(),
    );
    expect(policyOf(Object.fromEntries(tasks).sendShopDigest as Deployed)).toBe(ACCOUNT_GUARD.shop);
  });

  it("only the request for review lets a suspended account or a refused shop through", () => {
    const appeal = callables.filter(([, fn]) => policyOf(fn) === ACCOUNT_GUARD.appeal).map(([name]) => name);
    expect(appeal).toEqual(["appealDecision"]);
  });
});
