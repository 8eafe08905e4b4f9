import { describe, expect, it } from "vitest";
import { BENCH_PAGES, REFERENCE_PAGE, roleNote, selectPages } from "./lighthouse-pages";

describe("the pages the Lighthouse bench measures", () => {
  it("covers every page of the budget, visitors first, then the buyer's, then the shop's", () => {
    expect(BENCH_PAGES.map((page) => page.id)).toEqual([
      "home",
      "auth",
      "create",
      "customer",
      "requests",
      "messages",
      "conversation",
      "merchant",
      "browse",
    ]);
    const order = BENCH_PAGES.map((page) => ["visitor", "buyer", "merchant"].indexOf(page.role));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it("selects pages by id in the table's order, always with the reference first, and refuses unknown ones", () => {
    expect(selectPages(undefined)).toHaveLength(BENCH_PAGES.length);
    expect(selectPages(["browse", "create"]).map((page) => page.id)).toEqual(["home", "create", "browse"]);
    expect(selectPages(["home", "auth"]).map((page) => page.id)).toEqual(["home", "auth"]);
    expect(() => selectPages(["crate"])).toThrow(/Unknown BENCH_LH_PAGES: crate/);
  });

  it("takes / signed out as the reference", () => {
    expect(REFERENCE_PAGE).toMatchObject({ id: "home", role: "visitor", path: "/" });
  });

  it("names who was signed in", () => {
    expect(roleNote("visitor")).toBe("signed out");
    expect(roleNote("merchant")).toBe("signed in as negozio1@vicino.test");
  });
});
