import { describe, expect, it } from "vitest";
import {
  compareValues,
  decodeValue,
  encodeValue,
  identicalValues,
  typeOrder,
  type Value,
} from "../../src/values.ts";
import { d, geo, ref, toValue } from "./helpers.ts";

const cmp = (a: unknown, b: unknown) => Math.sign(compareValues(toValue(a), toValue(b)));

describe("cross-type ordering", () => {
  it("orders null < bool < NaN < numbers < timestamp < string < bytes < reference < geopoint < array < map", () => {
    const ordered: unknown[] = [
      null,
      false,
      true,
      d(Number.NaN),
      d(Number.NEGATIVE_INFINITY),
      -5,
      d(0.5),
      1,
      d(Number.POSITIVE_INFINITY),
      new Date(0),
      new Date(1000),
      "",
      "a",
      "b",
      Buffer.from([0]),
      Buffer.from([1]),
      ref("a/b"),
      ref("a/c"),
      geo(-10, 0),
      geo(10, -5),
      geo(10, 5),
      [],
      [1],
      [1, 2],
      [2],
      {},
      { a: 1 },
      { a: 2 },
      { b: 0 },
    ];
    for (let i = 0; i < ordered.length; i++) {
      for (let j = 0; j < ordered.length; j++) {
        expect(cmp(ordered[i], ordered[j]), `${i} vs ${j}`).toBe(Math.sign(i - j));
      }
    }
  });

  it("compares int and double numerically; -0 equals 0; NaN equals NaN", () => {
    expect(cmp(1, d(1))).toBe(0);
    expect(cmp(1, d(1.5))).toBe(-1);
    expect(cmp(d(2.5), 2)).toBe(1);
    expect(cmp(d(-0), 0)).toBe(0);
    expect(cmp(d(Number.NaN), d(Number.NaN))).toBe(0);
    expect(cmp(d(Number.NaN), -1e308)).toBe(-1);
    expect(cmp(9007199254740993n, d(9007199254740992))).toBe(1);
    expect(cmp(-9223372036854775808n, d(-1e300))).toBe(1);
  });

  it("orders strings by UTF-8 bytes, not UTF-16 code units", () => {
    // U+FF61 (3 UTF-8 bytes, EF BD A1) sorts before U+1F600 (4 bytes, F0 9F 98 80)
    // even though its UTF-16 unit 0xFF61 is above the surrogate 0xD83D.
    expect(cmp("\uFF61", "\u{1F600}")).toBe(-1);
    expect(cmp("a", "ab")).toBe(-1);
    expect(cmp("Z", "a")).toBe(-1);
    expect(cmp("é", "z")).toBe(1);
  });

  it("compares references by path segment with numeric ids first", () => {
    expect(cmp(ref("c/__id5__"), ref("c/__id10__"))).toBe(-1);
    expect(cmp(ref("c/__id-9223372036854775808__"), ref("c/A"))).toBe(-1);
    expect(cmp(ref("a/b"), ref("a/b/c/d"))).toBe(-1);
    expect(cmp(ref("a/b/c/d"), ref("a/ba"))).toBe(-1);
  });

  it("compares arrays element-wise then by length, maps by sorted keys then values", () => {
    expect(cmp([1, "a"], [1, "b"])).toBe(-1);
    expect(cmp([1], [1, null])).toBe(-1);
    expect(cmp([null], [1])).toBe(-1);
    expect(cmp({ b: 1, a: 2 }, { a: 2, b: 1 })).toBe(0);
    expect(cmp({ a: 1 }, { a: 1, b: 0 })).toBe(-1);
    expect(cmp({ a: 5 }, { b: 0 })).toBe(-1);
    expect(cmp({ a: "x" }, { a: 1 })).toBe(1);
  });

  it("orders timestamps by seconds then nanos, bytes unsigned", () => {
    const a: Value = { t: "ts", s: 10, n: 5 };
    const b: Value = { t: "ts", s: 10, n: 6 };
    expect(compareValues(a, b)).toBeLessThan(0);
    expect(cmp(Buffer.from([0x7f]), Buffer.from([0x80]))).toBe(-1);
    expect(cmp(Buffer.from([1, 2]), Buffer.from([1]))).toBe(1);
  });

  it("puts vectors between arrays and maps, ordered by length first", () => {
    const vec = (...xs: number[]) => ({ __type__: "__vector__", value: xs.map(d) });
    expect(typeOrder(toValue(vec(1)))).toBeGreaterThan(typeOrder(toValue([1])));
    expect(cmp(vec(1, 2), { a: 1 })).toBe(-1);
    expect(cmp(vec(9), vec(1, 1))).toBe(-1);
  });
});

describe("proto3 JSON", () => {
  it("decodes both enum encodings and the admin null form", () => {
    expect(decodeValue({ nullValue: "NULL_VALUE" })).toEqual({ t: "null" });
    expect(decodeValue({ nullValue: 0 })).toEqual({ t: "null" });
    expect(decodeValue({ nullValue: null })).toEqual({ t: "null" });
  });

  it("decodes int64 strings exactly and doubles with special strings", () => {
    expect(decodeValue({ integerValue: "9223372036854775807" })).toEqual({
      t: "int",
      v: 9223372036854775807n,
    });
    expect(decodeValue({ integerValue: 42 })).toEqual({ t: "int", v: 42n });
    expect(Number.isNaN((decodeValue({ doubleValue: "NaN" }) as { v: number }).v)).toBe(true);
    expect(decodeValue({ doubleValue: "-Infinity" })).toEqual({ t: "double", v: Number.NEGATIVE_INFINITY });
    expect(Object.is((decodeValue({ doubleValue: "-0" }) as { v: number }).v, -0)).toBe(true);
    expect(decodeValue({ doubleValue: "1.5" })).toEqual({ t: "double", v: 1.5 });
  });

  it("decodes timestamps as strings with offsets and as {seconds, nanos}, truncating to microseconds", () => {
    expect(decodeValue({ timestampValue: "2024-01-02T03:04:05.123456789Z" })).toEqual({
      t: "ts",
      s: 1704164645,
      n: 123456000,
    });
    expect(decodeValue({ timestampValue: "2024-01-02T04:04:05+01:00" })).toEqual({
      t: "ts",
      s: 1704164645,
      n: 0,
    });
    expect(decodeValue({ timestampValue: { seconds: "5", nanos: 7000 } })).toEqual({
      t: "ts",
      s: 5,
      n: 7000,
    });
  });

  it("round-trips every type in both encodings", () => {
    const v = toValue({
      n: null,
      b: true,
      i: -3,
      f: d(2.5),
      nan: d(Number.NaN),
      nz: d(-0),
      s: "ciao ✓",
      by: Buffer.from("hi"),
      r: ref("a/b"),
      g: geo(45.46, 9.19),
      a: [1, "x", { y: [] }],
      m: { deep: { deeper: 1 } },
      t: new Date(1_700_000_000_123),
    });
    for (const intEnums of [false, true]) {
      const enc = encodeValue(v, intEnums);
      const back = decodeValue(JSON.parse(JSON.stringify(enc)));
      expect(identicalValues(back, v)).toBe(true);
    }
    expect(encodeValue(toValue(null), true)).toEqual({ nullValue: 0 });
    expect(encodeValue(toValue(null), false)).toEqual({ nullValue: "NULL_VALUE" });
    expect(encodeValue(toValue(d(-0)), false)).toEqual({ doubleValue: "-0" });
    expect(encodeValue(toValue([]), false)).toEqual({ arrayValue: {} });
  });

  it("rejects malformed values with readable messages", () => {
    expect(() => decodeValue({})).toThrow(/exactly one value type/);
    expect(() => decodeValue({ stringValue: "a", integerValue: "1" })).toThrow(/exactly one/);
    expect(() => decodeValue({ integerValue: "1.5" })).toThrow(/64-bit integer/);
    expect(() => decodeValue({ integerValue: "9223372036854775808" })).toThrow(/out of the 64-bit/);
    expect(() => decodeValue({ timestampValue: "yesterday" })).toThrow(/RFC 3339/);
    expect(() => decodeValue({ referenceValue: "a/b" })).toThrow(/resource name/);
    expect(() => decodeValue({ arrayValue: { values: [{ arrayValue: {} }] } })).toThrow(
      /cannot directly contain arrays/,
    );
    expect(() => decodeValue({ geoPointValue: { latitude: 91, longitude: 0 } })).toThrow(/out of range/);
    expect(() => decodeValue({ fooValue: 1 })).toThrow(/unknown value type/);
    expect(() => decodeValue("x")).toThrow(/Value object/);
  });

  it("tells stored 1 and 1.0 apart (identity) while they compare equal", () => {
    expect(identicalValues(toValue(1), toValue(d(1)))).toBe(false);
    expect(identicalValues(toValue(d(Number.NaN)), toValue(d(Number.NaN)))).toBe(true);
    expect(identicalValues(toValue(d(0)), toValue(d(-0)))).toBe(false);
  });
});
