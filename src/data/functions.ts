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
  let data: unknown;
  try {
    ({ data } = await callable(input));
  } catch (error) {
    throw withServerMessage(error);
  }
  return output.parse(data);
}

/**
 * firebase/functions 12 appends the HTTP status to the server's message ('Token non valido o
 * scaduto [400]'); the HttpsError's own text is what src/domain/errors.ts recognises and shows.
 */
export function withServerMessage(error: unknown): unknown {
  if (error instanceof Error && "code" in error && String(error.code).startsWith("functions/")) {
    error.message = error.message.replace(/ \[\d{3}\]$/, "");
  }
  return error;
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
