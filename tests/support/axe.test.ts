import { describe, expect, it } from "vitest";
import { routeOf } from "./axe";

describe("routeOf", () => {
  it("names the route, not the document", () => {
    expect(routeOf("http://127.0.0.1:5173/messages/demo-req-x_demo-negozio-1")).toBe("/messages/*");
    expect(routeOf("http://127.0.0.1:5173/messages")).toBe("/messages");
    expect(routeOf("http://127.0.0.1:5173/")).toBe("/");
    expect(routeOf("http://127.0.0.1:5173/admin/segnalazioni?x=1")).toBe("/admin/segnalazioni");
    expect(routeOf("http://127.0.0.1:5173/requests/Xk3pQ9aBcDeFgHiJkLmN")).toBe("/requests/*");
    expect(routeOf("http://127.0.0.1:5173/make-offer/demo-req-lampada")).toBe("/make-offer/*");
  });
});
