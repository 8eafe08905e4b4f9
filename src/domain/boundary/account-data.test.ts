import { describe, expect, it } from "vitest";
import { COLLECTIONS } from "../core/collections";
import { ACCOUNT_DATA, deletedOnAccountDeletion } from "./account-data";

describe("what an account deletion does to each collection", () => {
  it("says it for every collection, and for nothing else", () => {
    expect(Object.keys(ACCOUNT_DATA).sort()).toEqual(Object.keys(COLLECTIONS).sort());
  });

  it("a collection named by the account is either deleted or kept for a stated reason", () => {
    for (const rule of Object.values(ACCOUNT_DATA)) {
      if (rule.key === null || rule.onDeletion === "kept") expect(rule.why.length).toBeGreaterThan(10);
    }
  });

  it("deletes what deletion once left behind: pickup codes and records, shopMonths, shopAreas", () => {
    const deleted = deletedOnAccountDeletion().map(({ collection }) => collection);
    expect(deleted).toEqual(
      expect.arrayContaining([
        "users",
        "pickupCodes",
        "pickupRecords",
        "shopMonths",
        "shopAreas",
        "shopIndex",
      ]),
    );
  });
});
