// The account functions against real servers: Google's Firestore emulator and the
// firebase-tools Auth emulator of the test stack, and an SMTP sink. The handlers are the exported functions,
// called as Cloud Functions would call them (`.run(request)` for callables, `(req, res)` over a
// real HTTP port for /api/send-email).

import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { deleteApp } from "firebase-admin/app";
import { Timestamp } from "firebase-admin/firestore";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AuthEmulator } from "../../scripts/seed/auth-emulator";
import { SHOP_STATUS } from "../../src/domain/people/shop-status";
import { callableRequest, overrideEnv, rejection } from "../support/callables";
import { DATA_LAYER, startStack, stopStack, type TestStack } from "../support/stack";
import { type ReceivedEmail, type SmtpSink, startSmtpSink } from "./auth-smtp-sink";

type MagicLinkModule = typeof import("../../functions/src/auth/magic-link");
type SendEmailModule = typeof import("../../functions/src/email/send-email");
type SyncProfileModule = typeof import("../../functions/src/profiles/sync-profile");
type AdminModule = typeof import("../../functions/src/lib/admin");
type PolicyModule = typeof import("../../functions/src/lib/rate-limit-policy");
type WelcomeModule = typeof import("../../functions/src/auth/welcome-email");

const APP_URL = "http://127.0.0.1:5173";
const CLIENT_IP = "198.51.100.20";

let stack: TestStack;
let auth: AuthEmulator;
let smtp: SmtpSink;
let http: Server;
let sendEmailUrl: string;
let fns: MagicLinkModule;
let mail: SendEmailModule;
let profiles: SyncProfileModule;
let admin: AdminModule;
let policy: PolicyModule;
let welcome: WelcomeModule;
let restoreEnv: () => void = () => {};

/** A new password account, as the sign-up form makes it. */
async function signUp(email: string, password: string, displayName: string) {
  const account = await auth.signUp(email, password, displayName);
  return { uid: account.localId, email, password, idToken: account.idToken };
}

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

function tokenFrom(email: ReceivedEmail): string {
  const match = /\/magic-link-auth\?token=([A-Za-z0-9_-]+)/.exec(email.text);
  if (!match?.[1]) throw new Error(`no magic link in: ${email.text}`);
  return match[1];
}

async function requestLink(
  email: string,
  userType: "customer" | "merchant",
  ip = CLIENT_IP,
): Promise<string> {
  await expect(fns.createMagicLink.run(callableRequest({ email, userType }, { ip }))).resolves.toEqual({
    ok: true,
  });
  const received = await smtp.waitFor((m) => m.recipients.includes(email.toLowerCase()));
  smtp.clear();
  return tokenFrom(received);
}

async function signInWithCustomToken(customToken: string): Promise<{ localId: string; idToken: string }> {
  const res = await fetch(
    `${stack.urls.auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=demo-api-key`,
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token: customToken, returnSecureToken: true }),
    },
  );
  const body = (await res.json()) as { localId?: string; idToken?: string };
  if (!res.ok || !body.idToken)
    throw new Error(`signInWithCustomToken: HTTP ${res.status} ${JSON.stringify(body)}`);
  const decoded = await admin.adminAuth().verifyIdToken(body.idToken);
  return { localId: decoded.uid, idToken: body.idToken };
}

/** Serves the exported `sendEmail` as the Functions runtime does: parsed JSON body plus rawBody. */
function serveSendEmail(handler: SendEmailModule["sendEmail"]): Promise<Server> {
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks);
    let body: unknown;
    if (/^application\/json/i.test(req.headers["content-type"] ?? "")) {
      try {
        body = JSON.parse(rawBody.toString("utf8"));
      } catch {
        body = undefined;
      }
    }
    const request = { method: req.method, headers: req.headers, body, rawBody, ip: req.socket.remoteAddress };
    const response = {
      get headersSent() {
        return res.headersSent;
      },
      status(code: number) {
        res.statusCode = code;
        return response;
      },
      set(field: string, value: string) {
        res.setHeader(field, value);
        return response;
      },
      json(value: unknown) {
        res.setHeader("content-type", "application/json; charset=utf-8");
        res.end(JSON.stringify(value));
        return response;
      },
      send(value: string) {
        res.end(value);
        return response;
      },
      end() {
        res.end();
        return response;
      },
    };
    type Args = Parameters<SendEmailModule["sendEmail"]>;
    await handler(request as unknown as Args[0], response as unknown as Args[1]);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

async function postSendEmail(body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(sendEmailUrl, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

beforeAll(async () => {
  [stack, smtp] = await Promise.all([startStack(DATA_LAYER), startSmtpSink()]);
  auth = new AuthEmulator({ host: stack.hosts.auth, projectId: stack.projectId });
  restoreEnv = overrideEnv({
    FIRESTORE_EMULATOR_HOST: stack.hosts.firestore,
    FIREBASE_AUTH_EMULATOR_HOST: stack.hosts.auth,
    GCLOUD_PROJECT: stack.projectId,
    METADATA_SERVER_DETECTION: "none",
    SMTP_HOST: smtp.host,
    SMTP_PORT: String(smtp.port),
    SMTP_SECURE: "false",
    MAIL_FROM: "Vicino <noreply@vicino.test>",
    APP_URL,
  });
  [fns, mail, profiles, admin, policy, welcome] = await Promise.all([
    import("../../functions/src/auth/magic-link"),
    import("../../functions/src/email/send-email"),
    import("../../functions/src/profiles/sync-profile"),
    import("../../functions/src/lib/admin"),
    import("../../functions/src/lib/rate-limit-policy"),
    import("../../functions/src/auth/welcome-email"),
  ]);
  http = await serveSendEmail(mail.sendEmail);
  sendEmailUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}/api/send-email`;
});

afterAll(async () => {
  await Promise.all([
    http ? new Promise<void>((resolve) => http.close(() => resolve())) : undefined,
    admin ? deleteApp(admin.adminApp()) : undefined,
  ]);
  await Promise.all([stopStack(), smtp?.stop()]);
  restoreEnv();
});

beforeEach(async () => {
  await stack.resetData();
  smtp.clear();
});

describe("createMagicLink + verifyMagicLink", () => {
  it("mails a 15-minute link stored only as the token's hash", async () => {
    const before = Date.now();
    const token = await requestLink("Nuovo.Negozio@Example.IT", "merchant");
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const docs = (await admin.adminDb().collection("magicLinks").get()).docs;
    expect(docs).toHaveLength(1);
    const [doc] = docs;
    expect(doc?.id).toBe(sha256(token));
    const data = doc?.data() ?? {};
    expect(Object.keys(data).sort()).toEqual(["createdAt", "email", "expiresAt", "usedAt", "userType"]);
    expect(data).toMatchObject({ email: "nuovo.negozio@example.it", userType: "merchant", usedAt: null });
    const ttl = (data.expiresAt as Timestamp).toMillis() - (data.createdAt as Timestamp).toMillis();
    expect(ttl).toBe(15 * 60 * 1000);
    expect((data.createdAt as Timestamp).toMillis()).toBeGreaterThanOrEqual(before - 1000);
    // The token appears nowhere at rest: not in the id, not in any field of any stored document.
    for (const collection of await admin.adminDb().listCollections()) {
      for (const stored of (await collection.get()).docs) {
        expect(stored.id).not.toContain(token);
        expect(JSON.stringify(stored.data())).not.toContain(token);
      }
    }
  });

  it("signs a new address in once, with the link's role, and never twice", async () => {
    const token = await requestLink("bottega@example.it", "merchant");
    const result = await fns.verifyMagicLink.run(callableRequest({ token }));
    expect(result).toMatchObject({ userType: "merchant", email: "bottega@example.it" });

    const session = await signInWithCustomToken(result.customToken);
    const record = await admin.adminAuth().getUser(session.localId);
    expect(record.email).toBe("bottega@example.it");
    expect(record.emailVerified).toBe(true);

    const userDoc = (await admin.adminDb().doc(`users/${session.localId}`).get()).data();
    expect(userDoc).toMatchObject({
      id: session.localId,
      uid: session.localId,
      email: "bottega@example.it",
      displayName: "bottega",
      userType: "merchant",
      isVerified: true,
    });
    expect(userDoc?.createdAt).toBeInstanceOf(Timestamp);
    expect(userDoc).not.toHaveProperty("aiTokens");
    const profile = (await admin.adminDb().doc(`profiles/${session.localId}`).get()).data();
    expect(profile).toEqual({
      uid: session.localId,
      displayName: "bottega",
      userType: "merchant",
      averageRating: 0,
      totalRatings: 0,
    });

    const again = await rejection(fns.verifyMagicLink.run(callableRequest({ token })));
    expect(again).toMatchObject({ code: "failed-precondition", message: "Token non valido o scaduto" });
  });

  it("lets exactly one of two concurrent verifications through", async () => {
    const token = await requestLink("gara@example.it", "customer");
    const results = await Promise.allSettled([
      fns.verifyMagicLink.run(callableRequest({ token })),
      fns.verifyMagicLink.run(callableRequest({ token })),
    ]);
    const fulfilled = results.filter((r) => r.status === "fulfilled");
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(fulfilled).toHaveLength(1);
    expect(rejected).toHaveLength(1);
    expect(rejected[0]?.reason).toMatchObject({ message: "Token non valido o scaduto" });
    expect((await admin.adminAuth().getUserByEmail("gara@example.it")).email).toBe("gara@example.it");
  });

  it("refuses an expired link and an unknown token with the same error", async () => {
    const token = await requestLink("tardi@example.it", "customer");
    await admin
      .adminDb()
      .doc(`magicLinks/${sha256(token)}`)
      .update({ expiresAt: Timestamp.fromMillis(Date.now() - 1000) });
    const expired = await rejection(fns.verifyMagicLink.run(callableRequest({ token })));
    expect(expired).toMatchObject({ code: "failed-precondition", message: "Token non valido o scaduto" });

    const unknown = await rejection(fns.verifyMagicLink.run(callableRequest({ token: "A".repeat(43) })));
    expect(unknown).toMatchObject({ code: "failed-precondition", message: "Token non valido o scaduto" });
    await expect(admin.adminAuth().getUserByEmail("tardi@example.it")).rejects.toMatchObject({
      code: "auth/user-not-found",
    });
  });

  it("answers the same for an address with an account and one without", async () => {
    await signUp("cliente@example.it", "password-1", "Cliente");
    const known = await fns.createMagicLink.run(
      callableRequest({ email: "cliente@example.it", userType: "customer" }),
    );
    const unknown = await fns.createMagicLink.run(
      callableRequest({ email: "sconosciuto@example.it", userType: "customer" }),
    );
    expect(known).toEqual({ ok: true });
    expect(unknown).toEqual(known);
    const [a, b] = await Promise.all([
      smtp.waitFor((m) => m.recipients.includes("cliente@example.it")),
      smtp.waitFor((m) => m.recipients.includes("sconosciuto@example.it")),
    ]);
    expect(a.subject).toBe(b.subject);
    expect(a.text.replace(/token=\S+/, "")).toBe(b.text.replace(/token=\S+/, ""));
  });

  it("keeps an existing user's stored role", async () => {
    const existing = await signUp("giulia@example.it", "password-1", "Giulia");
    // A proven address (an unproven one is reclaimed: tests/integration/auth-hijack.test.ts).
    await admin.adminAuth().updateUser(existing.uid, { emailVerified: true });
    await admin
      .adminDb()
      .doc(`users/${existing.uid}`)
      .set({
        id: existing.uid,
        email: "giulia@example.it",
        displayName: "Giulia Rossi",
        userType: "customer",
        isVerified: false,
        createdAt: Timestamp.fromDate(new Date("2026-01-10T09:00:00Z")),
        aiTokens: 4,
      });
    const token = await requestLink("giulia@example.it", "merchant");
    const result = await fns.verifyMagicLink.run(callableRequest({ token }));
    expect(result).toMatchObject({ userType: "customer", email: "giulia@example.it" });
    const session = await signInWithCustomToken(result.customToken);
    expect(session.localId).toBe(existing.uid);

    const userDoc = (await admin.adminDb().doc(`users/${existing.uid}`).get()).data();
    expect(userDoc).toMatchObject({
      userType: "customer",
      displayName: "Giulia Rossi",
      aiTokens: 4,
      isVerified: true,
    });
    const profile = (await admin.adminDb().doc(`profiles/${existing.uid}`).get()).data();
    expect(profile).toMatchObject({ uid: existing.uid, displayName: "Giulia Rossi", userType: "customer" });
  });

  it("welcomes an account the link created, as password and Google sign-ups are, without waiting on SMTP", async () => {
    // The sign-in's own mailer only records: the link goes out through it, the welcome must not.
    const inline: { to: string; subject: string; text: string }[] = [];
    const queued: { uid: string }[] = [];
    const deps = {
      db: admin.adminDb(),
      auth: admin.adminAuth(),
      mailer: {
        send: async (message: { to: string; subject: string; text: string }) => void inline.push(message),
      },
      welcomeQueue: welcome.welcomeQueueOver({ enqueue: async (payload) => void queued.push(payload) }),
      appUrl: APP_URL,
      now: () => new Date(),
    };
    const linkFor = async (email: string, userType: "customer" | "merchant") => {
      await fns.requestMagicLink({ email, userType }, CLIENT_IP, deps);
      const sent = inline.pop();
      return /token=([\w-]+)/.exec(sent?.text ?? "")?.[1] ?? "";
    };

    const result = await fns.redeemMagicLink(
      { token: await linkFor("bottega@example.it", "merchant") },
      deps,
    );
    const { localId: uid } = await signInWithCustomToken(result.customToken);
    expect(queued).toEqual([{ uid }]);
    expect(inline).toEqual([]);

    // The queue's task sends it over SMTP: to the account's address, with the role's assistant.
    await welcome.deliverWelcomeEmail.run({ data: { uid } } as Parameters<
      typeof welcome.deliverWelcomeEmail.run
    >[0]);
    const received = await smtp.waitFor((m) => m.recipients.includes("bottega@example.it"));
    expect(received.subject).toBe("Benvenuto su Vicino!");
    expect(received.text).toContain("Ciao bottega,");
    expect(received.text).toContain("Leonardo");

    // Signing in again with a link is no sign-up: no second welcome.
    await fns.redeemMagicLink({ token: await linkFor("bottega@example.it", "merchant") }, deps);
    expect(queued).toHaveLength(1);
  });

  it("sends the welcome inline when the queue cannot take it, and still signs in", async () => {
    const inline: { to: string; subject: string; text: string }[] = [];
    const deps = {
      db: admin.adminDb(),
      auth: admin.adminAuth(),
      mailer: {
        send: async (message: { to: string; subject: string; text: string }) => void inline.push(message),
      },
      welcomeQueue: {
        enqueue: async () => {
          throw new Error("Cloud Tasks unavailable");
        },
      },
      appUrl: APP_URL,
      now: () => new Date(),
    };
    await fns.requestMagicLink({ email: "anna@example.it", userType: "customer" }, CLIENT_IP, deps);
    const token = /token=([\w-]+)/.exec(inline.pop()?.text ?? "")?.[1] ?? "";
    await expect(fns.redeemMagicLink({ token }, deps)).resolves.toMatchObject({ email: "anna@example.it" });
    expect(inline).toHaveLength(1);
    expect(inline[0]).toMatchObject({ to: "anna@example.it", subject: "Benvenuto su Vicino!" });
    expect(inline[0]?.text).toContain("Clemente");
  });

  it("refuses past the per-(address, IP) limit, and past the per-IP limit", async () => {
    const { EMAIL_RATE_POLICY, IP_RATE_POLICY } = policy;
    const input = { email: "insistente@example.it", userType: "customer" as const };
    for (let i = 0; i < EMAIL_RATE_POLICY.max; i++) {
      await expect(fns.createMagicLink.run(callableRequest(input, { ip: "192.0.2.1" }))).resolves.toEqual({
        ok: true,
      });
    }
    const refused = await rejection(fns.createMagicLink.run(callableRequest(input, { ip: "192.0.2.1" })));
    expect(refused).toMatchObject({
      code: "resource-exhausted",
      message: "Troppi tentativi. Riprova più tardi.",
    });
    // The same address from another client is not locked out by the first one's requests.
    await expect(fns.createMagicLink.run(callableRequest(input, { ip: "192.0.2.2" }))).resolves.toEqual({
      ok: true,
    });
    expect((await admin.adminDb().collection("magicLinks").get()).size).toBe(EMAIL_RATE_POLICY.max + 1);

    // One IPv6 /64 (one subscriber's): IP_RATE_POLICY.max requests over any addresses, then refused.
    for (let i = 0; i < IP_RATE_POLICY.max; i++) {
      const ok = await fns.createMagicLink.run(
        callableRequest(
          { email: `u${i}@example.it`, userType: "customer" },
          { ip: `2001:db8:0:1::${i + 1}` },
        ),
      );
      expect(ok).toEqual({ ok: true });
    }
    const ipRefused = await rejection(
      fns.createMagicLink.run(
        callableRequest({ email: "altro@example.it", userType: "customer" }, { ip: "2001:db8:0:1::ff" }),
      ),
    );
    expect(ipRefused).toMatchObject({ code: "resource-exhausted" });
    // The counters hold neither the address nor the IP in clear.
    const counters = await admin.adminDb().collection("rateLimits").get();
    expect(counters.size).toBeGreaterThan(0);
    for (const counter of counters.docs) {
      expect(counter.id).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(counter.data())).not.toMatch(/example\.it|192\.0\.2|2001:db8/);
    }
  });

  it("does not refuse people behind one carrier's shared IPv4 address (CGNAT)", async () => {
    // More different people than the old per-address ceiling (30 an hour), all from one IPv4 address.
    const people = policy.IP_RATE_POLICY.max + 10;
    for (let i = 0; i < people; i++) {
      const ok = await fns.createMagicLink.run(
        callableRequest({ email: `persona${i}@example.it`, userType: "customer" }, { ip: "100.64.0.1" }),
      );
      expect(ok).toEqual({ ok: true });
    }
    // Each of them is still held to their own (address, client) limit.
    const input = { email: "persona0@example.it", userType: "customer" as const };
    for (let i = 1; i < policy.EMAIL_RATE_POLICY.max; i++) {
      await fns.createMagicLink.run(callableRequest(input, { ip: "100.64.0.1" }));
    }
    expect(
      await rejection(fns.createMagicLink.run(callableRequest(input, { ip: "100.64.0.1" }))),
    ).toMatchObject({
      code: "resource-exhausted",
    });
  });
});

describe("syncProfile", () => {
  it("rewrites the public projection from the private document", async () => {
    const uid = "u-sync";
    await admin
      .adminDb()
      .doc(`users/${uid}`)
      .set({
        id: uid,
        email: "negozio@example.it",
        displayName: "Marco",
        businessName: "Ferramenta Bianchi",
        userType: "merchant",
        createdAt: Timestamp.now(),
        averageRating: 4.5,
        totalRatings: 2,
        aiTokens: 10,
        location: { lat: 45.4642, lng: 9.19, address: "Via Roma 1, Milano", zone: "Milano" },
        // Approved: only a verified shop's position is public (an unverified one's could be a home).
        shop: { status: SHOP_STATUS.verified, partitaIva: "04812310151", categories: ["casa"] },
      });
    const result = await profiles.syncProfile.run(callableRequest({}, { uid }));
    const expected = {
      uid,
      displayName: "Marco",
      businessName: "Ferramenta Bianchi",
      userType: "merchant",
      averageRating: 4.5,
      totalRatings: 2,
      zone: "Milano",
      location: { lat: 45.4642, lng: 9.19 },
      // Never the Partita IVA.
      shop: { address: "Via Roma 1, Milano", categories: ["casa"] },
    };
    expect(result).toEqual({ profile: expected });
    expect((await admin.adminDb().doc(`profiles/${uid}`).get()).data()).toEqual(expected);

    await admin.adminDb().doc(`users/${uid}`).update({ businessName: "Bianchi & Figli" });
    await profiles.syncProfile.run(callableRequest({}, { uid }));
    expect((await admin.adminDb().doc(`profiles/${uid}`).get()).data()).toMatchObject({
      businessName: "Bianchi & Figli",
    });
  });

  it("needs a signed-in caller with a users document", async () => {
    expect(await rejection(profiles.syncProfile.run(callableRequest({})))).toMatchObject({
      code: "unauthenticated",
    });
    expect(await rejection(profiles.syncProfile.run(callableRequest({}, { uid: "nobody" })))).toMatchObject({
      code: "not-found",
      message: "Dati utente non trovati",
    });
  });
});

describe("/api/send-email", () => {
  async function registeredBuyer() {
    const user = await signUp("anna@example.it", "password-1", "Anna");
    await admin.adminDb().doc(`users/${user.uid}`).set({
      id: user.uid,
      email: user.email,
      displayName: "Anna",
      userType: "customer",
      isVerified: false,
      createdAt: Timestamp.now(),
    });
    return user;
  }

  it("sends the welcome to the ID token's address whatever the body says, naming Clemente", async () => {
    const user = await registeredBuyer();
    const res = await postSendEmail(
      {
        type: "welcome",
        to: "vittima@altrove.test",
        email: "vittima@altrove.test",
        data: { displayName: "Offerta imperdibile", userType: "merchant", assistantName: "Leonardo" },
      },
      { authorization: `Bearer ${user.idToken}` },
    );
    expect(res).toEqual({ status: 200, body: { ok: true } });
    const welcome = await smtp.waitFor((m) => m.recipients.includes("anna@example.it"));
    expect(welcome.subject).toBe("Benvenuto su Vicino!");
    expect(welcome.to).toContain("anna@example.it");
    expect(welcome.from).toBe("Vicino <noreply@vicino.test>");
    expect(welcome.text).toContain("Ciao Anna,");
    expect(welcome.text).toContain("Clemente");
    expect(welcome.html).toContain("Clemente");
    expect(welcome.text).not.toContain("Leonardo");
    expect(welcome.text).not.toContain("Offerta imperdibile");
    expect(smtp.emails.flatMap((m) => m.recipients)).toEqual(["anna@example.it"]);
  });

  it("refuses a welcome without a valid ID token", async () => {
    await registeredBuyer();
    const missing = await postSendEmail({ type: "welcome", to: "anna@example.it" });
    expect(missing).toEqual({ status: 401, body: { ok: false, error: "Devi accedere per continuare." } });
    const forged = await postSendEmail({ type: "welcome" }, { authorization: "Bearer not-a-token" });
    expect(forged.status).toBe(401);
    expect(smtp.emails).toHaveLength(0);
  });

  it("mails a Firebase reset link to an account, and nothing (same answer) to an unknown address", async () => {
    await registeredBuyer();
    expect(await postSendEmail({ type: "password-reset", email: "anna@example.it" })).toEqual({
      status: 200,
      body: { ok: true },
    });
    const reset = await smtp.waitFor((m) => m.recipients.includes("anna@example.it"));
    expect(reset.subject).toBe("Reimposta la password di Vicino");
    expect(reset.text).toMatch(/oobCode=/);
    expect(reset.text).toContain(encodeURIComponent(`${APP_URL}/auth`));

    smtp.clear();
    expect(await postSendEmail({ type: "password-reset", email: "nessuno@example.it" })).toEqual({
      status: 200,
      body: { ok: true },
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.emails).toHaveLength(0);
  });

  it("mails a Firebase sign-in link that returns to /auth-callback with the user type", async () => {
    expect(
      await postSendEmail({ type: "magic-link", email: "nuovo@example.it", data: { userType: "merchant" } }),
    ).toEqual({ status: 200, body: { ok: true } });
    const link = await smtp.waitFor((m) => m.recipients.includes("nuovo@example.it"));
    expect(link.subject).toBe("Il tuo link di accesso a Vicino");
    expect(link.text).toMatch(/oobCode=/);
    expect(link.text).toContain(encodeURIComponent(`${APP_URL}/auth-callback?userType=merchant`));
  });

  it("answers 400 to bad JSON and 429 past the limit", async () => {
    const bad = await fetch(sendEmailUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{oops",
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ ok: false, error: "Dati non validi. Controlla i campi e riprova." });

    for (let i = 0; i < policy.EMAIL_RATE_POLICY.max; i++) {
      expect((await postSendEmail({ type: "magic-link", email: "tanti@example.it" })).status).toBe(200);
    }
    expect(await postSendEmail({ type: "magic-link", email: "tanti@example.it" })).toEqual({
      status: 429,
      body: { ok: false, error: "Troppi tentativi. Riprova più tardi." },
    });
  });
});
