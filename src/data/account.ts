import { z } from "zod";
import {
  createMagicLinkInputSchema,
  createMagicLinkOutputSchema,
  reclaimAccountOutputSchema,
  syncProfileOutputSchema,
  verifyMagicLinkInputSchema,
  verifyMagicLinkOutputSchema,
} from "@/domain/boundary/callables";
import { callable } from "./callables";

/** The account callables (architecture §2): the magic link and the public profile's refresh. */
export const createMagicLink = callable(
  "createMagicLink",
  createMagicLinkInputSchema,
  createMagicLinkOutputSchema,
);

export const verifyMagicLink = callable(
  "verifyMagicLink",
  verifyMagicLinkInputSchema,
  verifyMagicLinkOutputSchema,
);

const syncProfileCall = callable("syncProfile", z.object({}), syncProfileOutputSchema);

/** Rewrites the caller's public profile (profiles/{uid}) from users/{uid}; no input (the caller's uid). */
export function syncProfile() {
  return syncProfileCall({});
}

const reclaimAccountCall = callable("reclaimAccount", z.object({}), reclaimAccountOutputSchema);

/**
 * Right after a Firebase e-mail link sign-in: takes back an account someone else registered with the
 * caller's address before it was proven. `{reclaimed: true, customToken}` means every session was
 * revoked, so the caller signs in again with the token.
 */
export function reclaimAccount() {
  return reclaimAccountCall({});
}
