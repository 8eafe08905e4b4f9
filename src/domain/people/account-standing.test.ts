import { describe, expect, it } from "vitest";
import { ACCOUNT_GUARD, accountRefusal } from "./account-standing";

const buyer = { userType: "customer" };
const shop = (status: string) => ({ userType: "merchant", shop: { status } });
const suspended = { ...buyer, suspendedAt: new Date("2026-12-01T10:00:00Z") };

describe("accountRefusal", () => {
  it("refuses a suspended account under every policy but the magic link's and the request for review", () => {
    for (const policy of Object.values(ACCOUNT_GUARD)) {
      const open = policy === ACCOUNT_GUARD.public || policy === ACCOUNT_GUARD.appeal;
      expect(accountRefusal(suspended, policy)).toBe(open ? undefined : "suspended");
    }
  });

  it("the request for review lets a suspended account and a refused shop through, never a deleted one", () => {
    expect(accountRefusal(suspended, ACCOUNT_GUARD.appeal)).toBeUndefined();
    expect(
      accountRefusal({ ...shop("refused"), suspendedAt: new Date() }, ACCOUNT_GUARD.appeal),
    ).toBeUndefined();
    expect(accountRefusal(undefined, ACCOUNT_GUARD.appeal)).toBe("deleted");
  });

  it("a missing users document is a deleted account, except at sign-up and for staff", () => {
    expect(accountRefusal(undefined, ACCOUNT_GUARD.account)).toBe("deleted");
    expect(accountRefusal(undefined, ACCOUNT_GUARD.shop)).toBe("deleted");
    expect(accountRefusal(undefined, ACCOUNT_GUARD.signUp)).toBeUndefined();
    expect(accountRefusal(undefined, ACCOUNT_GUARD.admin)).toBeUndefined();
  });

  it("a refused shop may not act as a shop; a pending or verified one may", () => {
    expect(accountRefusal(shop("refused"), ACCOUNT_GUARD.shop)).toBe("shopRefused");
    expect(accountRefusal(shop("refused"), ACCOUNT_GUARD.account)).toBeUndefined();
    expect(accountRefusal(shop("pending"), ACCOUNT_GUARD.shop)).toBeUndefined();
    expect(accountRefusal(shop("verified"), ACCOUNT_GUARD.shop)).toBeUndefined();
    expect(accountRefusal(buyer, ACCOUNT_GUARD.account)).toBeUndefined();
  });
});
