import { randomBytes } from "node:crypto";
import { COLLECTIONS } from "../../src/domain/core/collections";
import { ADMIN_CLAIM } from "../../src/domain/people/moderation";
import type { SmokeTarget } from "./smoke-target";

/**
 * The deploy smoke test: the few things a fresh deploy gets wrong that no emulator shows (docs/operations.md,
 * "After the first deploy"). A throwaway admin account calls `startSmokeRun` through App Check (refused
 * without it), is refused by the rules on the run's document, and waits for the task the callable queued to
 * stamp it; then a scheduled job is run once and the Hosting headers are read. The account and the run are
 * deleted at the end, whatever happened.
 */

export interface SmokeResult {
  check: string;
  ok: boolean;
  detail: string;
}

/** The job run on demand: idempotent, bounded, harmless at any hour. */
export const SMOKE_SCHEDULED_JOB = "expireRequests";

/** The pages whose headers are checked. */
const HOSTING_PATHS = ["/", "/customer"] as const;

interface Session {
  uid: string;
  idToken: string;
}

async function createSmokeAdmin(target: SmokeTarget): Promise<Session> {
  const email = `smoke-${Date.now()}-${randomBytes(3).toString("hex")}@smoke.vicino.invalid`;
  const password = randomBytes(18).toString("base64url");
  const user = await target.adminAuth.createUser({ email, password, emailVerified: true });
  await target.adminAuth.setCustomUserClaims(user.uid, { [ADMIN_CLAIM]: true });
  const response = await fetch(`${target.authRest}/accounts:signInWithPassword?key=${target.apiKey}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const body = (await response.json()) as { idToken?: string; error?: { message?: string } };
  if (!response.ok || !body.idToken) {
    await target.adminAuth.deleteUser(user.uid).catch(() => undefined);
    throw new Error(`sign-in of the smoke account: HTTP ${response.status} ${body.error?.message ?? ""}`);
  }
  return { uid: user.uid, idToken: body.idToken };
}

async function callStartSmokeRun(
  target: SmokeTarget,
  session: Session,
  appCheck: string | undefined,
): Promise<{ status: number; body: { result?: { runId?: string }; error?: { status?: string } } }> {
  const response = await fetch(`${target.functionsBase}/startSmokeRun`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      authorization: `Bearer ${session.idToken}`,
      ...(appCheck ? { "x-firebase-appcheck": appCheck } : {}),
    },
    body: JSON.stringify({ data: {} }),
  });
  return { status: response.status, body: (await response.json().catch(() => ({}))) as never };
}

async function waitForStamp(target: SmokeTarget, runId: string): Promise<boolean> {
  const ref = target.adminDb.collection(COLLECTIONS.smokeRuns).doc(runId);
  const deadline = Date.now() + target.taskWaitMs;
  while (Date.now() < deadline) {
    if ((await ref.get()).get("ranAt")) return true;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return false;
}

/** Which expected headers a response lacks or sends with another value. */
export function headerMismatches(expected: Record<string, string>, actual: Record<string, string>): string[] {
  return Object.entries(expected).flatMap(([name, value]) => {
    const got = actual[name];
    if (got === undefined) return [`${name} missing`];
    return got === value ? [] : [`${name} is "${got}", firebase.json says "${value}"`];
  });
}

async function check(results: SmokeResult[], name: string, run: () => Promise<string>): Promise<boolean> {
  try {
    results.push({ check: name, ok: true, detail: await run() });
    return true;
  } catch (error) {
    results.push({ check: name, ok: false, detail: error instanceof Error ? error.message : String(error) });
    return false;
  }
}

/** Runs every check against `target`; never throws (a failed check is a result). */
export async function runSmoke(target: SmokeTarget): Promise<SmokeResult[]> {
  const results: SmokeResult[] = [];
  let session: Session | undefined;
  let runId: string | undefined;
  try {
    await check(results, "account", async () => {
      session = await createSmokeAdmin(target);
      return `throwaway admin ${session.uid} signed in`;
    });
    const signedIn = session;
    if (signedIn) {
      await check(results, "callable without App Check is refused", async () => {
        const { status, body } = await callStartSmokeRun(target, signedIn, undefined);
        if (status !== 401) throw new Error(`HTTP ${status} ${JSON.stringify(body)}: expected 401`);
        return "401 UNAUTHENTICATED";
      });
      const called = await check(results, "callable through App Check", async () => {
        const { status, body } = await callStartSmokeRun(target, signedIn, await target.appCheckToken());
        runId = body.result?.runId;
        if (status !== 200 || !runId) throw new Error(`HTTP ${status} ${JSON.stringify(body)}`);
        return `startSmokeRun → run ${runId}`;
      });
      await check(results, "rules refuse a signed-in read of a closed collection", async () => {
        const id = runId ?? "none";
        const response = await fetch(`${target.firestoreDocuments}/${COLLECTIONS.smokeRuns}/${id}`, {
          headers: { authorization: `Bearer ${signedIn.idToken}` },
        });
        if (response.status !== 403) throw new Error(`HTTP ${response.status}: expected 403`);
        return "403 PERMISSION_DENIED";
      });
      if (called && runId) {
        const id = runId;
        await check(results, "queued task ran", async () => {
          if (!(await waitForStamp(target, id)))
            throw new Error(`runSmokeTask did not stamp ${id} within ${target.taskWaitMs / 1000} s`);
          return "runSmokeTask stamped the run";
        });
      }
    }
    await check(results, `scheduled job ${SMOKE_SCHEDULED_JOB} run on demand`, async () => {
      await target.runScheduled(SMOKE_SCHEDULED_JOB);
      return "ran";
    });
    await check(results, "Hosting headers", async () => {
      const problems: string[] = [];
      for (const path of HOSTING_PATHS) {
        for (const problem of headerMismatches(
          target.expectedHostingHeaders,
          await target.hostingHeaders(path),
        ))
          problems.push(`${path}: ${problem}`);
      }
      if (problems.length > 0) throw new Error(problems.join("; "));
      return `${Object.keys(target.expectedHostingHeaders).length} headers on ${HOSTING_PATHS.join(", ")}`;
    });
  } finally {
    if (runId)
      await target.adminDb
        .collection(COLLECTIONS.smokeRuns)
        .doc(runId)
        .delete()
        .catch(() => undefined);
    if (session) await target.adminAuth.deleteUser(session.uid).catch(() => undefined);
  }
  return results;
}

/** The report's lines and whether every check passed. */
export function smokeReport(
  label: string,
  results: readonly SmokeResult[],
): { lines: string[]; ok: boolean } {
  const ok = results.length > 0 && results.every((result) => result.ok);
  return {
    ok,
    lines: [
      `Smoke test on ${label}:`,
      ...results.map((result) => `  ${result.ok ? "✓" : "✖"} ${result.check}: ${result.detail}`),
      ok ? "smoke: OK" : "smoke: FAILED",
    ],
  };
}
