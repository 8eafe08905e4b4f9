import { describe, expect, it } from "vitest";
import { homePathByRole } from "./paths.ts";

describe("route paths", () => {
  it("sends each role home", () => {
    expect(homePathByRole).toEqual({ customer: "/customer", merchant: "/merchant" });
  });
});
