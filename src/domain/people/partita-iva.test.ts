import { describe, expect, it } from "vitest";
import { checkDigitOf, isValidPartitaIva, normalizePartitaIva } from "./partita-iva";

describe("Partita IVA", () => {
  it("accepts real numbers with their check digit", () => {
    // Published VAT numbers of well-known Italian companies.
    expect(isValidPartitaIva("00743110157")).toBe(true);
    expect(isValidPartitaIva("01114601006")).toBe(true);
    expect(isValidPartitaIva("IT 00743110157")).toBe(true);
  });

  it("refuses a wrong check digit, a swapped pair, the wrong length, letters and all zeros", () => {
    expect(isValidPartitaIva("00743110158")).toBe(false);
    expect(isValidPartitaIva("00741310157")).toBe(false);
    expect(isValidPartitaIva("0074311015")).toBe(false);
    expect(isValidPartitaIva("007431101570")).toBe(false);
    expect(isValidPartitaIva("0074311015A")).toBe(false);
    expect(isValidPartitaIva("00000000000")).toBe(false);
    expect(isValidPartitaIva("")).toBe(false);
  });

  it("computes the check digit over the first ten digits", () => {
    expect(checkDigitOf("0074311015")).toBe(7);
    expect(checkDigitOf("0111460100")).toBe(6);
  });

  it("normalizes spaces and the IT prefix only", () => {
    expect(normalizePartitaIva(" it 007 431 101 57 ")).toBe("00743110157");
    expect(normalizePartitaIva("00743-110157")).toBe("00743-110157");
  });
});
