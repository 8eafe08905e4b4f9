import { httpsCallable } from "firebase/functions";
import type { z } from "zod";
import {
  type CreateMagicLinkInput,
  type CreateMagicLinkOutput,
  createMagicLinkInputSchema,
  createMagicLinkOutputSchema,
  type SyncProfileOutput,
  syncProfileOutputSchema,
  type VerifyMagicLinkInput,
  type VerifyMagicLinkOutput,
  verifyMagicLinkInputSchema,
  verifyMagicLinkOutputSchema,
} from "@/domain/callables";
import { getFunctionsInstance } from "@/lib/firebase";

/**
 * The account callables (architecture §2). Inputs are checked before the call and outputs after it
 * with the same domain schemas the functions use; failures keep the HttpsError's code and Italian
 * message (src/domain/errors.ts maps them).
 */
async function call<S extends z.ZodType>(name: string, input: unknown, output: S): Promise<z.output<S>> {
  const callable = httpsCallable<unknown, unknown>(await getFunctionsInstance(), name);
  const { data } = await callable(input);
  return output.parse(data);
}

export async function createMagicLink(input: CreateMagicLinkInput): Promise<CreateMagicLinkOutput> {
  return call("createMagicLink", createMagicLinkInputSchema.parse(input), createMagicLinkOutputSchema);
}

export async function verifyMagicLink(input: VerifyMagicLinkInput): Promise<VerifyMagicLinkOutput> {
  return call("verifyMagicLink", verifyMagicLinkInputSchema.parse(input), verifyMagicLinkOutputSchema);
}

/** Rewrites the caller's public profile (profiles/{uid}) from users/{uid}. */
export async function syncProfile(): Promise<SyncProfileOutput> {
  return call("syncProfile", {}, syncProfileOutputSchema);
}
