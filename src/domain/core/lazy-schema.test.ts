import { describe, expect, it } from "vitest";
import { z } from "zod";
import { lazySchema } from "./lazy-schema";

describe("lazySchema", () => {
  it("builds the schema on first use, once", () => {
    let builds = 0;
    const schema = lazySchema(() => {
      builds += 1;
      return z.object({ name: z.string().min(1, "Nome obbligatorio") });
    });
    expect(builds).toBe(0);
    expect(schema.parse({ name: "Giulia" })).toEqual({ name: "Giulia" });
    expect(schema.safeParse({ name: "" }).error?.issues[0]?.message).toBe("Nome obbligatorio");
    expect(builds).toBe(1);
  });

  it("behaves as the schema inside other schemas, with its methods, shape and instanceof", () => {
    const inner = lazySchema(() => z.object({ lat: z.number(), lng: z.number() }));
    const outer = lazySchema(() => z.object({ where: inner.optional(), list: z.array(inner) }));
    expect(outer.parse({ list: [{ lat: 1, lng: 2 }] })).toEqual({ list: [{ lat: 1, lng: 2 }] });
    expect(outer.safeParse({ list: [{ lat: "1" }] }).success).toBe(false);
    expect(Object.keys(inner.shape)).toEqual(["lat", "lng"]);
    expect(inner.extend({ label: z.string() }).parse({ lat: 1, lng: 2, label: "x" })).toHaveProperty("label");
    expect(inner instanceof z.ZodObject).toBe(true);
    expect(inner instanceof z.ZodString).toBe(false);
    expect("parse" in inner).toBe(true);
  });
});
