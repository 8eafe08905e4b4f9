import { describe, expect, it } from "vitest";
import { arrayRemove, arrayUnion, increment, maximum, minimum } from "../../src/transforms.ts";
import { INT64_MAX, identicalValues, type Value } from "../../src/values.ts";
import { d, toValue } from "./helpers.ts";

const v = toValue;
const is = (a: Value, b: unknown) =>
  expect(
    identicalValues(a, v(b)),
    `${JSON.stringify(a, (_k, x) => (typeof x === "bigint" ? `${x}n` : x))}`,
  ).toBe(true);

describe("increment", () => {
  it("int + int stays int; any double makes a double", () => {
    is(increment(v(2), v(3)), 5);
    is(increment(v(2), v(d(0.5))), d(2.5));
    is(increment(v(d(1.5)), v(1)), d(2.5));
    is(increment(v(d(1)), v(1)), d(2));
  });

  it("sets the operand when the field is missing or not a number", () => {
    is(increment(undefined, v(4)), 4);
    is(increment(v("x"), v(d(1.5))), d(1.5));
    is(increment(v(null), v(1)), 1);
  });

  it("saturates at the int64 bounds", () => {
    is(increment(v(INT64_MAX), v(1)), INT64_MAX);
  });
});

describe("maximum / minimum", () => {
  it("picks by numeric value and keeps the stored value on ties", () => {
    is(maximum(v(3), v(d(3))), 3);
    is(maximum(v(d(3)), v(3)), d(3));
    is(maximum(v(2), v(d(2.5))), d(2.5));
    is(minimum(v(2), v(d(2.5))), 2);
    is(minimum(v(d(-0)), v(0)), d(-0));
    is(maximum(undefined, v(7)), 7);
    is(minimum(v("a"), v(7)), 7);
  });

  it("NaN wins", () => {
    is(maximum(v(1), v(d(Number.NaN))), d(Number.NaN));
    is(minimum(v(d(Number.NaN)), v(1)), d(Number.NaN));
  });
});

describe("array union / remove", () => {
  it("appends missing elements in order, treating 1 and 1.0 as equal, NaN as NaN", () => {
    is(arrayUnion(v([1, "a"]), [v(d(1)), v("b"), v("b"), v(null)]), [1, "a", "b", null]);
    is(arrayUnion(undefined, [v(d(Number.NaN)), v(d(Number.NaN))]), [d(Number.NaN)]);
    is(arrayUnion(v("not an array"), [v(1)]), [1]);
  });

  it("removes every equivalent element", () => {
    is(arrayRemove(v([1, d(1), 2, { a: 1 }, { a: 1 }]), [v(1), v({ a: 1 })]), [2]);
    is(arrayRemove(undefined, [v(1)]), []);
  });
});
