import { randomInt } from "node:crypto";
import { type Firestore, Timestamp } from "firebase-admin/firestore";
import { generateLaunchCode } from "../../src/domain/billing/plan-codes";
import { COLLECTIONS } from "../../src/domain/core/collections";

/**
 * Issuing launch-offer codes (plan-codes.ts): one per association member's shop, single use, valid in
 * one city until a date. Written with the admin SDK (launchCodes is closed to clients); a code that
 * already exists is never overwritten (create fails), so a collision draws another.
 */
export interface IssueOptions {
  city: string;
  expiresAt: Date;
  /** One code per name (the member shops' names, for the association's records). */
  issuedTo: readonly string[];
  now?: Date;
  random?: (n: number) => number;
}

export interface IssuedCode {
  code: string;
  issuedTo: string;
}

export async function issueLaunchCodes(db: Firestore, options: IssueOptions): Promise<IssuedCode[]> {
  const city = options.city.trim();
  if (!city) throw new Error("city is required");
  const now = options.now ?? new Date();
  if (!(options.expiresAt.getTime() > now.getTime())) throw new Error("the expiry must be in the future");
  const random = options.random ?? randomInt;
  const issued: IssuedCode[] = [];
  for (const name of options.issuedTo) {
    for (let attempt = 0; ; attempt += 1) {
      const code = generateLaunchCode(random);
      try {
        await db
          .collection(COLLECTIONS.launchCodes)
          .doc(code)
          .create({
            code,
            city,
            expiresAt: Timestamp.fromDate(options.expiresAt),
            issuedTo: name,
            usedBy: null,
            usedAt: null,
            createdAt: Timestamp.fromDate(now),
          });
        issued.push({ code, issuedTo: name });
        break;
      } catch (error) {
        if (attempt >= 5) throw error;
      }
    }
  }
  return issued;
}
