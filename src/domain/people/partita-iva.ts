/**
 * Italian Partita IVA: 11 digits, the last one a Luhn-style check digit over the first ten (digits in
 * odd positions count as they are, digits in even positions are doubled and reduced by 9 when over 9).
 * The check catches a typed digit wrong or two neighbours swapped; whether the number is registered is
 * for the Agenzia delle Entrate's VIES lookup, which a production deploy may add server-side.
 */

export const PARTITA_IVA_LENGTH = 11;

/** Spaces and an "IT" prefix are tolerated as people type them; anything else stays as written. */
export function normalizePartitaIva(input: string): string {
  return input.replace(/\s+/g, "").replace(/^IT/i, "");
}

export function checkDigitOf(firstTen: string): number {
  let sum = 0;
  for (let index = 0; index < 10; index += 1) {
    const digit = Number(firstTen[index]);
    if (index % 2 === 0) sum += digit;
    else sum += digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
  }
  return (10 - (sum % 10)) % 10;
}

/** True for 11 digits (after normalizing) with a valid check digit; all zeros is never valid. */
export function isValidPartitaIva(input: string): boolean {
  const value = normalizePartitaIva(input);
  if (!/^\d{11}$/.test(value) || /^0+$/.test(value)) return false;
  return checkDigitOf(value.slice(0, 10)) === Number(value[10]);
}
