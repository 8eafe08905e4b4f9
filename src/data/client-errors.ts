import type { ClientErrorReport } from "@/domain/boundary/client-error";
import { idTokenIfSignedIn } from "./signed-in-token";

/**
 * POST /api/client-error: a Hosting rewrite to the reportClientError function in production, the dev
 * server's proxy locally (firebase.json). Same origin, so the CSP's `connect-src 'self'` covers it.
 * `keepalive` lets a report leave while the page unloads; the ID token lets the server name the uid
 * (verified there, never taken from the report). The answer is not read: nothing waits on a report.
 */
export const CLIENT_ERROR_PATH = "/api/client-error";

export async function postClientErrorReport(report: ClientErrorReport): Promise<void> {
  const idToken = await idTokenIfSignedIn();
  await fetch(CLIENT_ERROR_PATH, {
    method: "POST",
    keepalive: true,
    headers: {
      "Content-Type": "application/json",
      ...(idToken ? { Authorization: `Bearer ${idToken}` } : {}),
    },
    body: JSON.stringify(report),
  });
}
