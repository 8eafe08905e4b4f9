import { deleteApp } from "firebase-admin/app";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AuthEmulator } from "../../scripts/seed/auth-emulator";
import { overrideEnv } from "../support/callables";
import { DATA_LAYER, startStack, stopStack, type TestStack } from "../support/stack";

/**
 * POST /api/client-error against the emulators: the handler with its production dependencies
 * (firebase-admin verifying ID tokens on the Auth emulator, the rate limit's transactions in Firestore)
 * and the real log line builder, whose lines are kept here instead of written.
 */
type ClientErrorModule = typeof import("../../functions/src/http/client-error");
type ErrorLogModule = typeof import("../../functions/src/lib/error-log");
type AdminModule = typeof import("../../functions/src/lib/admin");

const APP_URL = "http://127.0.0.1:5173";
const CLIENT_IP = "198.51.100.30";

let stack: TestStack;
let auth: AuthEmulator;
let endpoint: ClientErrorModule;
let errorLog: ErrorLogModule;
let admin: AdminModule;
let restoreEnv: () => void = () => {};
let lines: string[] = [];

interface Sent {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

async function post(
  body: unknown,
  options: { headers?: Record<string, string>; ip?: string; method?: string; raw?: string } = {},
): Promise<Sent> {
  const handler = endpoint.createClientErrorHandler({
    ...endpoint.adminClientErrorDeps(),
    log: (report, uid) => errorLog.logClientError(report, uid, (entry) => lines.push(JSON.stringify(entry))),
  });
  const headers = { "content-type": "application/json", origin: APP_URL, ...options.headers };
  const sent: Sent = { status: 0, body: undefined, headers: {} };
  const response = {
    status(code: number) {
      sent.status = code;
      return response;
    },
    set(field: string, value: string) {
      sent.headers[field.toLowerCase()] = value;
      return response;
    },
    json(value: unknown) {
      sent.body = value;
      return response;
    },
    end() {
      return response;
    },
  };
  const raw = options.raw ?? JSON.stringify(body);
  await handler(
    {
      method: options.method ?? "POST",
      headers,
      // As the Functions runtime hands it over: parsed when JSON, and the raw bytes.
      body: /json/.test(headers["content-type"]) ? safeJson(raw) : raw,
      rawBody: Buffer.from(raw),
      socket: { remoteAddress: options.ip ?? CLIENT_IP },
    },
    response,
  );
  return sent;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const report = {
  kind: "error",
  message: "Error: prova-errore",
  stack: "Error: prova-errore\n    at https://vicino.it/assets/index-abc.js:1:200",
  path: "/customer",
  release: "abc123",
  browser: { family: "chrome", major: 131, mobile: true },
};

beforeAll(async () => {
  stack = await startStack(DATA_LAYER);
  auth = new AuthEmulator({ host: stack.hosts.auth, projectId: stack.projectId });
  restoreEnv = overrideEnv({
    FIRESTORE_EMULATOR_HOST: stack.hosts.firestore,
    FIREBASE_AUTH_EMULATOR_HOST: stack.hosts.auth,
    GCLOUD_PROJECT: stack.projectId,
    METADATA_SERVER_DETECTION: "none",
    APP_URL,
  });
  [endpoint, errorLog, admin] = await Promise.all([
    import("../../functions/src/http/client-error"),
    import("../../functions/src/lib/error-log"),
    import("../../functions/src/lib/admin"),
  ]);
});

afterAll(async () => {
  if (admin) await deleteApp(admin.adminApp());
  await stopStack();
  restoreEnv();
});

beforeEach(async () => {
  await stack.resetData();
  lines = [];
});

describe("POST /api/client-error", () => {
  it("logs a signed-in user's error as an Error Reporting event naming the uid only", async () => {
    const user = await auth.signUp("giulia.test@example.it", "vicino123", "Giulia Test");
    const sent = await post(
      {
        ...report,
        message: "Error: nessun profilo per giulia.test@example.it",
        stack:
          "Error: nessun profilo per giulia.test@example.it\n    at https://vicino.it/x.js?email=giulia:1:2",
        path: "/messages/req8Hk2mQ9xLp3Zt7Va1_shop99",
      },
      { headers: { authorization: `Bearer ${user.idToken}` } },
    );
    expect(sent.status).toBe(204);
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0] ?? "{}") as Record<string, unknown>;
    expect(entry).toEqual({
      kind: "error",
      severity: "ERROR",
      "@type": "type.googleapis.com/google.devtools.clouderrorreporting.v1beta1.ReportedErrorEvent",
      message: "Error: nessun profilo per [email]\n    at https://vicino.it/x.js:1:2",
      serviceContext: { service: "vicino-web", version: "abc123" },
      context: {
        httpRequest: { url: "/messages/:id", userAgent: "chrome 131 mobile" },
        user: user.localId,
      },
    });
    expect(lines[0]).not.toMatch(/giulia|Giulia|example\.it/);
  });

  it("never takes the user from the body, and logs an invalid token's report without one", async () => {
    expect((await post({ ...report, uid: "someone-else" })).status).toBe(400);
    expect((await post({ ...report, user: "someone-else" })).status).toBe(400);
    expect(lines).toHaveLength(0);
    const sent = await post(report, { headers: { authorization: "Bearer not-a-token" } });
    expect(sent.status).toBe(204);
    expect(JSON.parse(lines[0] ?? "{}")).toMatchObject({ context: { httpRequest: { url: "/customer" } } });
    expect(JSON.parse(lines[0] ?? "{}").context).not.toHaveProperty("user");
  });

  it("refuses junk and logs nothing", async () => {
    const refusals = await Promise.all([
      post(undefined, { raw: "{not json" }),
      post(report, { headers: { "content-type": "text/plain" } }),
      post(report, { method: "GET" }),
      post(report, { headers: { origin: "https://evil.example" } }),
      post({ ...report, message: "x".repeat(501) }),
      post({ ...report, path: "/auth?email=a@b.it" }),
      post({ ...report, browser: { family: "netscape", mobile: false } }),
      post({ ...report, email: "mario@example.it" }),
      post([report]),
    ]);
    expect(refusals.map((sent) => sent.status)).toEqual([400, 415, 405, 403, 400, 400, 400, 400, 400]);
    expect(refusals.every((sent) => (sent.body as { ok?: boolean }).ok === false)).toBe(true);
    expect(lines).toHaveLength(0);
  });

  it("limits each client address, with the address kept only as a hash", async () => {
    for (let i = 0; i < 60; i += 1) {
      expect((await post({ ...report, message: `Error: ${i}` })).status).toBe(204);
    }
    const refused = await post(report);
    expect(refused).toMatchObject({
      status: 429,
      body: { ok: false, error: "Troppi tentativi. Riprova più tardi." },
    });
    expect(lines).toHaveLength(60);
    // Another address is not held back.
    expect((await post(report, { ip: "203.0.113.9" })).status).toBe(204);
    const stored = await admin.adminDb().collection("rateLimits").get();
    expect(stored.docs.map((doc) => JSON.stringify({ id: doc.id, ...doc.data() })).join()).not.toContain(
      "198.51.100",
    );
  });
});
