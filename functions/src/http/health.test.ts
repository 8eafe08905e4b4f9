import { describe, expect, it } from "vitest";
import { health, healthResponse } from "./health";

describe("health", () => {
  it("answers ok with the region every function runs in", () => {
    expect(healthResponse()).toEqual({ ok: true, region: "europe-west8" });
  });

  it("is deployed in europe-west8 over HTTPS", () => {
    expect(health.__endpoint.region).toEqual(["europe-west8"]);
    expect(health.__endpoint.httpsTrigger).toBeDefined();
  });
});
