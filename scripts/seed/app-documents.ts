import type { DocumentData, Timestamp } from "firebase-admin/firestore";
import { monthlyAllowance } from "../../src/domain/billing/tokens";
import { buildUserDocument, profileUpdateDocument } from "../../src/domain/people/user-document";
import type { Persona } from "./writer";

/**
 * users/{uid} of a demo account that has been in use for a while. No single action of the product
 * writes this document whole: it is what the sign-up writes, plus what the owner's profile edit
 * fills in (both built by the domain's builders, as the app builds them), plus the server-owned fields
 * as they stand after the first monthly token credit and before any rating (only functions write
 * those, over time). The scenario's time stands where the app puts a server timestamp, except for the
 * month's token credit (`creditedAt`, the seeding's own time): it happened this month, in Europe/Rome,
 * whatever day the scenario's accounts were created (stamped with their creation, the first days of a
 * month saw every demo account's tokens refilled at once, and the journeys that spend them failed).
 */
export function userDocument(persona: Persona, at: Timestamp, creditedAt: Timestamp = at): DocumentData {
  const now = () => at;
  const signUp = buildUserDocument(
    {
      uid: persona.uid,
      email: persona.email,
      displayName: persona.displayName,
      userType: persona.userType,
      isVerified: false,
    },
    now,
  );
  const profile = profileUpdateDocument(
    {
      firstName: persona.firstName,
      lastName: persona.lastName,
      businessName: persona.businessName,
      location: persona.location,
      ...(persona.phone ? { phone: persona.phone } : {}),
      ...(persona.weeklyHours ? { weeklyHours: persona.weeklyHours } : {}),
      ...(persona.openingHours ? { openingHours: persona.openingHours } : {}),
    },
    now,
  );
  return {
    ...signUp,
    ...profile,
    aiTokens: monthlyAllowance(persona.userType),
    monthlyTokensUsed: 0,
    aiInteractions: 0,
    lastTokenReset: creditedAt,
    tokenPurchases: [],
    averageRating: 0,
    totalRatings: 0,
    preferredCategories: persona.preferredCategories ?? [],
    successfulMatches: 0,
    learningProfile: { topSearchTerms: [] },
  };
}
