import { HttpsError } from "firebase-functions/https";
import type { z } from "zod";
import { isDisplayableMessage } from "@/domain/boundary/errors";
import { VALIDATION_MESSAGES } from "@/domain/core/common-messages";
import { AUTH_ERROR_MESSAGES } from "@/domain/people/auth-errors";

/**
 * Turning refusals into the errors clients understand: `HttpsError` (standard code + the domain's
 * Italian text) for callables, `{ok: false, error}` with an HTTP status for plain HTTP functions.
 */

/** The first issue's message when the catalogue has it (e.g. 'Formato email non valido.'), else a generic one. */
export function validationMessage(error: z.ZodError): string {
  const message = error.issues[0]?.message;
  return isDisplayableMessage(message) ? message : VALIDATION_MESSAGES.invalidData;
}

/** Parses a callable's input or throws `invalid-argument` with an Italian message. */
export function parseCallableInput<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new HttpsError("invalid-argument", validationMessage(parsed.error));
  return parsed.data;
}

export const TOO_MANY_ATTEMPTS = AUTH_ERROR_MESSAGES["too-many-requests"];

export function rateLimitedError(): HttpsError {
  return new HttpsError("resource-exhausted", TOO_MANY_ATTEMPTS);
}

/** What an HTTP function answers on failure. */
export interface HttpErrorBody {
  ok: false;
  error: string;
}

/** A refusal of an HTTP function: status and Italian message. */
export class HttpFailure extends Error {
  override name = "HttpFailure";
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }

  get body(): HttpErrorBody {
    return { ok: false, error: this.message };
  }
}
