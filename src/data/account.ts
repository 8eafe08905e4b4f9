import { z } from "zod";
import {
  createMagicLinkInputSchema,
  createMagicLinkOutputSchema,
  syncProfileOutputSchema,
  verifyMagicLinkInputSchema,
  verifyMagicLinkOutputSchema,
} from "@/domain/callables";
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
