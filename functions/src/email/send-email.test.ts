import { beforeEach, describe, expect, it, vi } from "vitest";
import type { User } from "@/domain/people/user";
import type { RateLimitCheck } from "../lib/rate-limit";
import type { OutgoingEmail } from "./send";
import {
  allowedOrigins,
  createSendEmailHandler,
  type HttpRequestLike,
  type HttpResponseLike,
  type SendEmailDeps,
  sendEmail,
} from "./send-email";

const APP = "http://127.0.0.1:5173";

const logged = vi.hoisted(() => ({ errors: [] as Record<string, unknown>[] }));
vi.mock("firebase-functions/logger", async (importOriginal) => ({
  ...(await importOriginal<typeof import("firebase-functions/logger")>()),
  // Unexpected errors are written as Error Reporting events (lib/error-log.ts).
  write: (entry: Record<string, unknown>) => {
    logged.errors.push(entry);
  },
}));

class FakeResponse implements HttpResponseLike {
  statusCode = 0;
  headers: Record<string, string> = {};
  body: unknown;
  ended = false;
  status(code: number) {
    this.statusCode = code;
    return this;
  }
  set(field: string, value: string) {
    this.headers[field.toLowerCase()] = value;
    return this;
  }
  json(body: unknown) {
    this.body = body;
    this.ended = true;
    return this;
  }
  end() {
    this.ended = true;
    return this;
  }
}

const buyer: User = {
  id: "u-buyer",
  email: "giulia@example.it",
  displayName: "Giulia",
  userType: "customer",
  createdAt: new Date("2026-01-01T00:00:00Z"),
};

interface Harness {
  deps: SendEmailDeps;
  sent: OutgoingEmail[];
  rateChecks: RateLimitCheck[][];
  users: Map<string, User>;
  allow: { value: boolean };
  failSend: { value: boolean };
  resetLinks: string[];
  signInLinks: string[];
}

function harness(): Harness {
  const sent: OutgoingEmail[] = [];
  const rateChecks: RateLimitCheck[][] = [];
  const users = new Map<string, User>([["u-buyer", buyer]]);
  const allow = { value: true };
  const failSend = { value: false };
  const resetLinks: string[] = [];
  const signInLinks: string[] = [];
  const deps: SendEmailDeps = {
    verifyIdToken: async (token) => {
      if (token === "token-buyer") return { uid: "u-buyer", email: "giulia@example.it" };
      if (token === "token-nodoc") return { uid: "u-nodoc", email: "nodoc@example.it" };
      throw Object.assign(new Error("bad token"), { code: "auth/argument-error" });
    },
    readUser: async (uid) => {
      const user = users.get(uid);
      return user ? { ok: true, user } : { ok: false, reason: "missing" };
    },
    passwordResetLink: async (email, url) => {
      resetLinks.push(url);
      return email === "known@example.it" ? `http://auth.test/reset?oob=1&continueUrl=${url}` : undefined;
    },
    signInLink: async (email, url) => {
      signInLinks.push(url);
      return `http://auth.test/signin?email=${email}&continueUrl=${encodeURIComponent(url)}`;
    },
    rateLimit: async (checks) => {
      rateChecks.push(checks);
      return allow.value;
    },
    mailer: {
      send: async (message) => {
        // As SMTP servers do, the refusal names the recipient: the log must not.
        if (failSend.value) throw new Error(`SMTP down: 550 rejected <${message.to}>`);
        sent.push(message);
      },
    },
    appUrl: () => APP,
  };
  return { deps, sent, rateChecks, users, allow, failSend, resetLinks, signInLinks };
}

function post(body: unknown, headers: Record<string, string> = {}): HttpRequestLike {
  return {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body,
    ip: "203.0.113.7",
  };
}

async function call(h: Harness, req: HttpRequestLike): Promise<FakeResponse> {
  const res = new FakeResponse();
  await createSendEmailHandler(h.deps)(req, res);
  return res;
}

describe("sendEmail input handling", () => {
  let h: Harness;
  beforeEach(() => {
    h = harness();
    logged.errors.length = 0;
  });

  it("answers 400 to a body that is not JSON", async () => {
    const res = await call(h, {
      method: "POST",
      headers: { "content-type": "application/json" },
      rawBody: Buffer.from("{not json"),
      body: undefined,
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({ ok: false, error: "Dati non validi. Controlla i campi e riprova." });
    expect(h.sent).toEqual([]);
  });

  it("answers 415 unless the body is declared as JSON (no cross-site form posts)", async () => {
    const res = await call(h, {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: '{"type":"password-reset","email":"known@example.it"}',
    });
    expect(res.statusCode).toBe(415);
    expect(h.sent).toEqual([]);
  });

  it("answers 400 to an unknown type", async () => {
    const res = await call(h, post({ type: "newsletter", email: "a@example.it" }));
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatchObject({ ok: false });
    expect(h.sent).toEqual([]);
  });

  it("answers 400 with the Italian e-mail message to a malformed address", async () => {
    const res = await call(h, post({ type: "password-reset", email: "not-an-email" }));
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({ ok: false, error: "Formato email non valido." });
  });

  it("refuses other methods than POST", async () => {
    const res = await call(h, { method: "GET", headers: {} });
    expect(res.statusCode).toBe(405);
  });

  it("answers 401 to a welcome without an ID token, or with an invalid one", async () => {
    const missing = await call(h, post({ type: "welcome" }));
    expect(missing.statusCode).toBe(401);
    expect(missing.body).toEqual({ ok: false, error: "Devi accedere per continuare." });
    const invalid = await call(h, post({ type: "welcome" }, { authorization: "Bearer forged" }));
    expect(invalid.statusCode).toBe(401);
    expect(h.sent).toEqual([]);
  });

  it("sends the welcome to the token's address only, with the stored name and role", async () => {
    const res = await call(
      h,
      post(
        {
          type: "welcome",
          to: "victim@elsewhere.test",
          email: "victim@elsewhere.test",
          data: { displayName: "<b>Compra ora</b>", userType: "merchant", assistantName: "Mallory" },
        },
        { authorization: "Bearer token-buyer" },
      ),
    );
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(h.sent).toHaveLength(1);
    const [mail] = h.sent;
    expect(mail?.to).toBe("giulia@example.it");
    expect(mail?.text).toContain("Ciao Giulia,");
    expect(mail?.text).toContain("Clemente");
    expect(mail?.text).not.toContain("Leonardo");
    expect(mail?.text).not.toContain("Mallory");
    expect(mail?.html).not.toContain("Compra ora");
  });

  it("answers 404 to a welcome for an account without a users document", async () => {
    const res = await call(h, post({ type: "welcome" }, { authorization: "Bearer token-nodoc" }));
    expect(res.statusCode).toBe(404);
    expect(res.body).toEqual({ ok: false, error: "Dati utente non trovati" });
  });

  it("sends our Italian reset e-mail with the Firebase link, continuing to /auth", async () => {
    const res = await call(h, post({ type: "password-reset", email: "Known@Example.it" }));
    expect(res.body).toEqual({ ok: true });
    expect(h.resetLinks).toEqual([`${APP}/auth`]);
    expect(h.sent[0]?.to).toBe("known@example.it");
    expect(h.sent[0]?.subject).toBe("Reimposta la password di Vicino");
    expect(h.sent[0]?.text).toContain("http://auth.test/reset?oob=1");
  });

  it("answers the same and sends nothing for an address without an account", async () => {
    const res = await call(h, post({ type: "password-reset", email: "nobody@example.it" }));
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(h.sent).toEqual([]);
  });

  it("sends a Firebase sign-in link returning to /auth-callback with the user type", async () => {
    const res = await call(
      h,
      post({ type: "magic-link", email: "shop@example.it", data: { userType: "merchant" } }),
    );
    expect(res.body).toEqual({ ok: true });
    expect(h.signInLinks).toEqual([`${APP}/auth-callback?userType=merchant`]);
    expect(h.sent[0]?.subject).toBe("Il tuo link di accesso a Vicino");
    expect(h.sent[0]?.text).toContain("negoziante");
  });

  it("limits per (recipient, IP) and per IP, and answers 429 past the limit", async () => {
    await call(h, post({ type: "password-reset", email: "known@example.it" }));
    expect(h.rateChecks[0]?.map((check) => check.key)).toEqual([
      "mail:email-ip:known@example.it|203.0.113.7",
      "mail:ip:203.0.113.7",
    ]);
    h.allow.value = false;
    const res = await call(h, post({ type: "password-reset", email: "known@example.it" }));
    expect(res.statusCode).toBe(429);
    expect(res.body).toEqual({ ok: false, error: "Troppi tentativi. Riprova più tardi." });
    expect(h.sent).toHaveLength(1);
  });

  it("counts the address Google's front end appended, not a client-chosen X-Forwarded-For entry", async () => {
    // Express with `trust proxy` (the functions framework) puts XFF's first entry in req.ip.
    await call(h, {
      ...post(
        { type: "password-reset", email: "known@example.it" },
        { "x-forwarded-for": "1.2.3.4, 198.51.100.9" },
      ),
      ip: "1.2.3.4",
    });
    expect(h.rateChecks[0]?.map((check) => check.key)).toEqual([
      "mail:email-ip:known@example.it|198.51.100.9",
      "mail:ip:198.51.100.9",
    ]);
  });

  it("reports a failed send as a 500, never as success", async () => {
    h.failSend.value = true;
    const res = await call(h, post({ type: "magic-link", email: "shop@example.it" }));
    expect(res.statusCode).toBe(500);
    expect(res.body).toEqual({ ok: false, error: "Errore durante l'invio del magic link" });
    expect(logged.errors).toHaveLength(1);
    expect(logged.errors[0]).toMatchObject({
      where: "sendEmail: not sent",
      severity: "ERROR",
      "@type": "type.googleapis.com/google.devtools.clouderrorreporting.v1beta1.ReportedErrorEvent",
      message: expect.stringMatching(/^Error: .*\n\s+at /),
    });
    expect(JSON.stringify(logged.errors[0])).not.toContain("shop@example.it");
  });

  it("allows the app's origin (and its loopback twin) and refuses others", async () => {
    expect(allowedOrigins(APP)).toEqual([APP, "http://localhost:5173"]);
    expect(allowedOrigins("https://vicino.example/")).toEqual(["https://vicino.example"]);

    const preflight = await call(h, { method: "OPTIONS", headers: { origin: APP } });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers["access-control-allow-origin"]).toBe(APP);
    expect(preflight.headers["access-control-allow-headers"]).toContain("Authorization");

    const foreignPreflight = await call(h, { method: "OPTIONS", headers: { origin: "https://evil.test" } });
    expect(foreignPreflight.headers["access-control-allow-origin"]).toBeUndefined();

    const foreign = await call(
      h,
      post({ type: "password-reset", email: "known@example.it" }, { origin: "https://evil.test" }),
    );
    expect(foreign.statusCode).toBe(403);
    expect(h.sent).toEqual([]);
  });

  it("is an HTTPS function in europe-west8", () => {
    expect(sendEmail.__endpoint.region).toEqual(["europe-west8"]);
    expect(sendEmail.__endpoint.httpsTrigger).toBeDefined();
  });
});
