import type { DecodedIdToken } from "firebase-admin/auth";
import type { CallableRequest } from "firebase-functions/https";

/**
 * Helpers for integration tests that call the functions' handlers directly (`callable.run(request)`)
 * against the Firestore and Auth emulators.
 */

/**
 * A v2 callable request as firebase-functions builds it: data, the caller (if signed in) and the IP.
 * The caller proved their e-mail address (`email_verified` in the token) unless `emailVerified: false`.
 */
export function callableRequest<T>(
  data: T,
  options: { uid?: string; ip?: string; emailVerified?: boolean } = {},
): CallableRequest<T> {
  const rawRequest = {
    ip: options.ip ?? "127.0.0.1",
    headers: {},
  } as unknown as CallableRequest<T>["rawRequest"];
  const { uid } = options;
  const token = { uid, email_verified: options.emailVerified ?? true } as DecodedIdToken;
  const auth = uid ? { auth: { uid, token, rawToken: "test" } } : {};
  return { data, rawRequest, acceptsStreaming: false, ...auth };
}

/** The error a promise rejects with; fails the test if it resolves. */
export async function rejection(promise: Promise<unknown>): Promise<{ code?: unknown; message?: unknown }> {
  try {
    await promise;
  } catch (error) {
    return error as { code?: unknown; message?: unknown };
  }
  throw new Error("expected a rejection");
}

/** Sets environment variables for a test file (undefined deletes) and puts the old values back. */
export function overrideEnv(values: Record<string, string | undefined>): () => void {
  const saved: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(values)) {
    saved[name] = process.env[name];
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  return () => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
}
