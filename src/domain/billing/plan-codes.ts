import { z } from "zod";

/**
 * Launch-offer codes (launchCodes/{code}): issued per shop by an admin script
 * (scripts/billing/issue-launch-codes.ts) to members of the partner trade association, single use,
 * with an expiry and the pilot city. Functions only read and write them.
 */

/** VIC-XXXX-XXXX, letters and digits without the ones people confuse (0/O, 1/I/L). */
export const LAUNCH_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const LAUNCH_CODE_PATTERN = /^VIC-[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/;

/** Upper-cases and trims what a shop typed; spaces and missing dashes are tolerated. */
export function normalizeLaunchCode(typed: string): string {
  const compact = typed.toUpperCase().replace(/[^A-Z0-9]/g, "");
  const body = compact.startsWith("VIC") ? compact.slice(3) : compact;
  return body.length === 8 ? `VIC-${body.slice(0, 4)}-${body.slice(4)}` : typed.trim().toUpperCase();
}

export function isLaunchCode(code: string): boolean {
  return LAUNCH_CODE_PATTERN.test(code);
}

export const launchCodeSchema = z.object({
  code: z.string(),
  /** The pilot city, compared case-insensitively with the shop's comune. */
  city: z.string().min(1),
  expiresAt: z.date(),
  /** Who it was issued for (the association member's shop name), for the admin's records. */
  issuedTo: z.string().optional(),
  usedBy: z.string().nullable(),
  usedAt: z.date().nullable(),
});
export type LaunchCode = z.infer<typeof launchCodeSchema>;

export type LaunchCodeProblem = "notFound" | "used" | "expired" | "wrongCity";

/** Why `code` cannot be redeemed by `uid` in `city` at `now`, or null when it can. */
export function launchCodeProblem(
  code: LaunchCode | undefined,
  uid: string,
  city: string | undefined,
  now: Date,
): LaunchCodeProblem | null {
  if (!code) return "notFound";
  if (code.usedBy && code.usedBy !== uid) return "used";
  if (now.getTime() >= code.expiresAt.getTime()) return "expired";
  if (!city || sameCity(code.city, city) === false) return "wrongCity";
  return null;
}

function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .trim()
    .toLowerCase();
}

export function sameCity(a: string, b: string): boolean {
  return fold(a) === fold(b);
}

/** A fresh code from `randomInt(n)` (0 ≤ result < n): crypto's in the script, a seeded one in tests. */
export function generateLaunchCode(randomInt: (n: number) => number): string {
  let body = "";
  for (let i = 0; i < 8; i += 1) body += LAUNCH_CODE_ALPHABET[randomInt(LAUNCH_CODE_ALPHABET.length)];
  return `VIC-${body.slice(0, 4)}-${body.slice(4)}`;
}
