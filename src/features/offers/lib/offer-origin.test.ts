import { describe, expect, it } from "vitest";
import { offerOriginOf } from "./offer-origin";

describe("offerOriginOf", () => {
  it("the catalogue's draft first, then a notification's link, else the feed", () => {
    expect(offerOriginOf("catalogo", "notifica")).toBe("catalogo");
    expect(offerOriginOf(undefined, "notifica")).toBe("notifica");
    expect(offerOriginOf("other", "whatever")).toBe("feed");
    expect(offerOriginOf(undefined, null)).toBe("feed");
  });
});
