import { describe, expect, it } from "vitest";
import { compareSegments, compareUtf8, formatFieldPath, parseFieldPath } from "../../src/paths.ts";
import { formatTimestamp, parseTimestamp } from "../../src/time.ts";

describe("field paths", () => {
  it("parses simple, nested and backquoted paths", () => {
    expect(parseFieldPath("a")).toEqual(["a"]);
    expect(parseFieldPath("a.b.c")).toEqual(["a", "b", "c"]);
    expect(parseFieldPath("`a.b`.c")).toEqual(["a.b", "c"]);
    expect(parseFieldPath("`a\\`b`.`c\\\\d`")).toEqual(["a`b", "c\\d"]);
    expect(parseFieldPath("`ünï`")).toEqual(["ünï"]);
  });

  it("rejects malformed paths", () => {
    for (const bad of ["", "a.", ".a", "a..b", "`a", "`a`b", "a`b"])
      expect(() => parseFieldPath(bad), bad).toThrow();
  });

  it("formats with quoting where needed", () => {
    expect(formatFieldPath(["a", "b.c", "d`e", "1x"])).toBe("a.`b.c`.`d\\`e`.`1x`");
  });
});

describe("string and segment order", () => {
  it("UTF-8 byte order", () => {
    expect(compareUtf8("a", "b")).toBeLessThan(0);
    expect(compareUtf8("\uFFFF", "\u{10000}")).toBeLessThan(0);
    expect(compareUtf8("\u{10000}", "\u{10001}")).toBeLessThan(0);
  });
  it("numeric ids first", () => {
    expect(compareSegments("__id2__", "__id10__")).toBeLessThan(0);
    expect(compareSegments("__id99__", "0")).toBeLessThan(0);
  });
});

describe("timestamps", () => {
  it("formats with 0, 3, 6 or 9 digits and always Z", () => {
    expect(formatTimestamp({ seconds: 0, nanos: 0 })).toBe("1970-01-01T00:00:00Z");
    expect(formatTimestamp({ seconds: 0, nanos: 5_000_000 })).toBe("1970-01-01T00:00:00.005Z");
    expect(formatTimestamp({ seconds: 0, nanos: 5_000 })).toBe("1970-01-01T00:00:00.000005Z");
    expect(formatTimestamp({ seconds: 0, nanos: 5 })).toBe("1970-01-01T00:00:00.000000005Z");
    expect(formatTimestamp({ seconds: -1, nanos: 0 })).toBe("1969-12-31T23:59:59Z");
  });
  it("parses the supported range only", () => {
    expect(parseTimestamp("0001-01-01T00:00:00Z", "t").seconds).toBe(-62135596800);
    expect(() => parseTimestamp("0000-12-31T23:59:59Z", "t")).toThrow(/out of range/);
  });
});
