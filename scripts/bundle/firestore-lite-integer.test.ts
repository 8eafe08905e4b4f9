import { Integer as RealInteger } from "@firebase/webchannel-wrapper/bloom-blob";
import { describe, expect, it } from "vitest";
import {
  BLOOM_BLOB,
  FIRESTORE_LITE,
  firestoreLiteInteger,
  INTEGER_STAND_IN,
} from "./firestore-lite-integer.ts";

type Comparable = { compare(other: Comparable): number };
type IntegerClass = { fromString(text: string): Comparable };

async function standIn(): Promise<IntegerClass> {
  const module = await import(
    `data:text/javascript;base64,${Buffer.from(INTEGER_STAND_IN).toString("base64")}`
  );
  return module.Integer as IntegerClass;
}

// What Firestore Lite hands it: the digits of a legacy numeric id (`__id123__`), some beyond 2^53.
const IDS = [
  "0",
  "1",
  "7",
  "42",
  "-5",
  "9007199254740993",
  "9007199254740992",
  "123456789012345678901234567890",
];

describe("Firestore Lite's Integer stand-in (scripts/bundle/firestore-lite-integer.ts)", () => {
  it("orders numeric ids as Closure's Integer does", async () => {
    const Integer = await standIn();
    const real = RealInteger as unknown as IntegerClass;
    for (const a of IDS) {
      for (const b of IDS) {
        const expected = Math.sign(real.fromString(a).compare(real.fromString(b)));
        expect([a, b, Math.sign(Integer.fromString(a).compare(Integer.fromString(b)))]).toEqual([
          a,
          b,
          expected,
        ]);
      }
    }
  });

  it("replaces bloom-blob for Firestore Lite only: the full SDK keeps the real module", () => {
    const plugin = firestoreLiteInteger();
    const resolve = plugin.resolveId as (source: string, importer?: string) => string | null;
    const lite = "/app/node_modules/@firebase/firestore/dist/lite/common-B8fiiKst.esm.js";
    const full = "/app/node_modules/@firebase/firestore/dist/index.esm.js";
    expect(FIRESTORE_LITE.test(lite)).toBe(true);
    expect(resolve(BLOOM_BLOB, lite)).toMatch(/firestore-lite-integer/);
    expect(resolve(BLOOM_BLOB, full)).toBeNull();
    expect(resolve("@firebase/webchannel-wrapper/webchannel-blob", lite)).toBeNull();
  });
});
