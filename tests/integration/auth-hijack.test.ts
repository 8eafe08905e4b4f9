// Account attacks against real servers (Google's Firestore emulator, the firebase-tools Auth
// emulator of the test stack, an SMTP sink): a magic link into an account someone pre-registered
// with the victim's address, a role that a link cannot change, and a per-address e-mail limit that an
// attacker cannot use to lock the owner out. The handlers are the exported callables (`.run(request)`).

import { deleteApp } from "firebase-admin/app";
import { Timestamp } from "firebase-admin/firestore";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AuthEmulator } from "../../scripts/seed/auth-emulator";
import { callableRequest, overrideEnv, rejection } from "../support/callables";
import { DATA_LAYER, startStack, stopStack, type TestStack } from "../support/stack";
import { type ReceivedEmail, type SmtpSink, startSmtpSink } from "./auth-smtp-sink";

type MagicLinkModule = typeof import("../../functions/src/auth/magic-link");
type ReclaimModule = typeof import("../../functions/src/auth/reclaim-account");
type AdminModule = typeof import("../../functions/src/lib/admin");
type PolicyModule = typeof import("../../functions/src/lib/rate-limit-policy");

const APP_URL = "http://127.0.0.1:5173";
const VICTIM_IP = "198.51.100.20";
const ATTACKER_IP = "203.0.113.66";
const ATTACKER_IPV6 = "2001:db8:66::1";

let stack: TestStack;
let auth: AuthEmulator;
let smtp: SmtpSink;
let fns: MagicLinkModule;
let reclaim: ReclaimModule;
let admin: AdminModule;
let policy: PolicyModule;
let restoreEnv: () => void = () => {};

function tokenFrom(email: ReceivedEmail): string {
  const match = /\/magic-link-auth\?token=([A-Za-z0-9_-]+)/.exec(email.text);
  if (!match?.[1]) throw new Error(`no magic link in: ${email.text}`);
  return match[1];
}

async function requestLink(
  email: string,
  userType: "customer" | "merchant",
  ip = VICTIM_IP,
): Promise<string> {
  await expect(fns.createMagicLink.run(callableRequest({ email, userType }, { ip }))).resolves.toEqual({
    ok: true,
  });
  const received = await smtp.waitFor((m) => m.recipients.includes(email.toLowerCase()));
  smtp.clear();
  return tokenFrom(received);
}

async function signInWithCustomToken(customToken: string): Promise<string> {
  const res = await fetch(
    `${stack.urls.auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=demo-api-key`,
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token: customToken, returnSecureToken: true }),
    },
  );
  const body = (await res.json()) as { idToken?: string };
  if (!res.ok || !body.idToken) throw new Error(`signInWithCustomToken: HTTP ${res.status}`);
  return (await admin.adminAuth().verifyIdToken(body.idToken)).uid;
}

async function identityToolkit(method: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(
    `${stack.urls.auth}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=demo-api-key`,
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    },
  );
  const answer = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${method}: HTTP ${res.status} ${JSON.stringify(answer)}`);
  return answer;
}

/** Firebase's own e-mail link sign-in, as the browser SDK does it: the oobCode read from the emulator. */
async function signInWithFirebaseEmailLink(email: string): Promise<string> {
  await identityToolkit("sendOobCode", {
    requestType: "EMAIL_SIGNIN",
    email,
    continueUrl: `${APP_URL}/auth-callback`,
    canHandleCodeInApp: true,
  });
  const res = await fetch(`${stack.urls.auth}/emulator/v1/projects/${stack.projectId}/oobCodes`);
  const { oobCodes } = (await res.json()) as {
    oobCodes: { email: string; requestType: string; oobCode: string }[];
  };
  const code = oobCodes.filter((c) => c.email === email && c.requestType === "EMAIL_SIGNIN").at(-1);
  if (!code) throw new Error(`no e-mail sign-in code for ${email}`);
  const answer = await identityToolkit("signInWithEmailLink", { email, oobCode: code.oobCode });
  if (typeof answer.idToken !== "string") throw new Error("signInWithEmailLink: no idToken");
  return answer.idToken;
}

/** reclaimAccount as the signed-in client calls it: the caller's decoded ID token. */
async function callReclaim(idToken: string) {
  const token = await admin.adminAuth().verifyIdToken(idToken);
  return reclaim.reclaimAccount.run({
    ...callableRequest({}),
    auth: { uid: token.uid, token, rawToken: idToken },
  });
}

const tooMany = { code: "resource-exhausted", message: "Troppi tentativi. Riprova più tardi." };

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
  [fns, reclaim, admin, policy] = await Promise.all([
    import("../../functions/src/auth/magic-link"),
    import("../../functions/src/auth/reclaim-account"),
    import("../../functions/src/lib/admin"),
    import("../../functions/src/lib/rate-limit-policy"),
  ]);
});

afterAll(async () => {
  if (admin) await deleteApp(admin.adminApp());
  await Promise.all([stopStack(), smtp?.stop()]);
  restoreEnv();
});

beforeEach(async () => {
  await stack.resetData();
  smtp.clear();
});

describe("magic link into a pre-registered account (pre-hijack)", () => {
  it("takes every way in away from whoever registered the victim's address first", async () => {
    // The attacker signs up with the victim's address and a password (never verified) and fills the profile.
    const attacker = await auth.signUp("vittima@example.it", "password-attaccante", "Attaccante");
    const uid = attacker.localId;
    await admin
      .adminDb()
      .doc(`users/${uid}`)
      .set({
        id: uid,
        uid,
        email: "vittima@example.it",
        displayName: "Servizio Clienti Vicino",
        firstName: "Mario",
        lastName: "Truffa",
        businessName: "Negozio Falso",
        photoURL: "https://attacker.example/avatar.png",
        location: { lat: 45.07, lng: 7.68, address: "Via Finta 1, Torino", zone: "Torino" },
        userType: "customer",
        isVerified: true,
        createdAt: Timestamp.now(),
        aiTokens: 7,
      });
    // An ID token carries its sign-in time in whole seconds: revocation must be at least a second later.
    await new Promise((resolve) => setTimeout(resolve, 1100));

    // The victim signs in with a magic link for their own address.
    const token = await requestLink("vittima@example.it", "customer");
    const result = await fns.verifyMagicLink.run(callableRequest({ token }));
    expect(result).toMatchObject({ email: "vittima@example.it", userType: "customer" });
    expect(await signInWithCustomToken(result.customToken)).toBe(uid);

    // The attacker's password no longer signs in, and the attacker's session is revoked.
    await expect(auth.signIn("vittima@example.it", "password-attaccante")).rejects.toThrow(
      /INVALID_PASSWORD|INVALID_LOGIN_CREDENTIALS/,
    );
    await expect(admin.adminAuth().verifyIdToken(attacker.idToken, true)).rejects.toMatchObject({
      code: "auth/id-token-revoked",
    });

    const record = await admin.adminAuth().getUser(uid);
    expect(record.email).toBe("vittima@example.it");
    expect(record.emailVerified).toBe(true);
    expect(record.providerData.map((info) => info.providerId)).not.toContain("password");
    expect(record.passwordHash).toBeUndefined();
    expect(record.displayName).toBeUndefined();

    // The profile is what a fresh account has; the role and the server's fields stay.
    const userDoc = (await admin.adminDb().doc(`users/${uid}`).get()).data() ?? {};
    expect(userDoc).toMatchObject({
      email: "vittima@example.it",
      displayName: "vittima",
      userType: "customer",
      isVerified: true,
      aiTokens: 7,
    });
    for (const field of ["firstName", "lastName", "businessName", "photoURL", "location"]) {
      expect(userDoc).not.toHaveProperty(field);
    }
    const profile = (await admin.adminDb().doc(`profiles/${uid}`).get()).data();
    expect(profile).toEqual({
      uid,
      displayName: "vittima",
      userType: "customer",
      averageRating: 0,
      totalRatings: 0,
    });

    // The next link is an ordinary sign-in into the same, now verified, account.
    const again = await fns.verifyMagicLink.run(
      callableRequest({ token: await requestLink("vittima@example.it", "customer") }),
    );
    expect(await signInWithCustomToken(again.customToken)).toBe(uid);
  });

  it("leaves a verified account's password and profile alone", async () => {
    const owner = await auth.signUp("verificata@example.it", "password-mia", "Sara");
    await admin.adminAuth().updateUser(owner.localId, { emailVerified: true });
    await admin.adminDb().doc(`users/${owner.localId}`).set({
      id: owner.localId,
      email: "verificata@example.it",
      displayName: "Sara Bianchi",
      firstName: "Sara",
      userType: "customer",
      isVerified: true,
      createdAt: Timestamp.now(),
    });
    const result = await fns.verifyMagicLink.run(
      callableRequest({ token: await requestLink("verificata@example.it", "customer") }),
    );
    expect(await signInWithCustomToken(result.customToken)).toBe(owner.localId);
    await expect(auth.signIn("verificata@example.it", "password-mia")).resolves.toMatchObject({
      localId: owner.localId,
    });
    await expect(admin.adminAuth().verifyIdToken(owner.idToken, true)).resolves.toMatchObject({
      uid: owner.localId,
    });
    expect((await admin.adminDb().doc(`users/${owner.localId}`).get()).data()).toMatchObject({
      displayName: "Sara Bianchi",
      firstName: "Sara",
    });
  });
});

describe("Firebase's own e-mail link into a pre-registered account (reclaimAccount)", () => {
  it("takes every way in away from the attacker, and the owner signs in again with the custom token", async () => {
    const attacker = await auth.signUp("vittima@example.it", "password-attaccante", "Attaccante");
    const uid = attacker.localId;
    // What the sign-up page writes (isVerified false: the rules allow true only for a proven address).
    await admin
      .adminDb()
      .doc(`users/${uid}`)
      .set({
        id: uid,
        uid,
        email: "vittima@example.it",
        displayName: "Servizio Clienti Vicino",
        firstName: "Mario",
        lastName: "Truffa",
        businessName: "Negozio Falso",
        location: { lat: 45.07, lng: 7.68, address: "Via Finta 1, Torino", zone: "Torino" },
        userType: "merchant",
        isVerified: false,
        createdAt: Timestamp.now(),
      });
    await new Promise((resolve) => setTimeout(resolve, 1100));

    const victimToken = await signInWithFirebaseEmailLink("vittima@example.it");
    const result = await callReclaim(victimToken);
    if (!result.reclaimed) throw new Error("the account was not reclaimed");
    expect(await signInWithCustomToken(result.customToken)).toBe(uid);

    await expect(auth.signIn("vittima@example.it", "password-attaccante")).rejects.toThrow(
      /INVALID_PASSWORD|INVALID_LOGIN_CREDENTIALS|EMAIL_NOT_FOUND/,
    );
    await expect(admin.adminAuth().verifyIdToken(attacker.idToken, true)).rejects.toMatchObject({
      code: "auth/id-token-revoked",
    });
    const record = await admin.adminAuth().getUser(uid);
    expect(record.email).toBe("vittima@example.it");
    expect(record.emailVerified).toBe(true);
    expect(record.providerData.map((info) => info.providerId)).not.toContain("password");
    expect(record.displayName).toBeUndefined();

    const userDoc = (await admin.adminDb().doc(`users/${uid}`).get()).data() ?? {};
    expect(userDoc).toMatchObject({
      email: "vittima@example.it",
      displayName: "vittima",
      userType: "merchant",
      isVerified: true,
    });
    for (const field of ["firstName", "lastName", "businessName", "location"]) {
      expect(userDoc).not.toHaveProperty(field);
    }
    expect((await admin.adminDb().doc(`profiles/${uid}`).get()).data()).toMatchObject({
      uid,
      displayName: "vittima",
    });

    // The next e-mail link is an ordinary sign-in.
    await expect(callReclaim(await signInWithFirebaseEmailLink("vittima@example.it"))).resolves.toEqual({
      reclaimed: false,
    });
  });

  it("leaves a verified account and a brand-new one alone", async () => {
    const owner = await auth.signUp("verificata@example.it", "password-mia", "Sara");
    await admin.adminAuth().updateUser(owner.localId, { emailVerified: true });
    await admin.adminDb().doc(`users/${owner.localId}`).set({
      id: owner.localId,
      email: "verificata@example.it",
      displayName: "Sara Bianchi",
      firstName: "Sara",
      userType: "customer",
      isVerified: true,
      createdAt: Timestamp.now(),
    });
    await expect(callReclaim(await signInWithFirebaseEmailLink("verificata@example.it"))).resolves.toEqual({
      reclaimed: false,
    });
    await expect(auth.signIn("verificata@example.it", "password-mia")).resolves.toMatchObject({
      localId: owner.localId,
    });
    await expect(admin.adminAuth().verifyIdToken(owner.idToken, true)).resolves.toMatchObject({
      uid: owner.localId,
    });
    expect((await admin.adminDb().doc(`users/${owner.localId}`).get()).data()).toMatchObject({
      displayName: "Sara Bianchi",
      firstName: "Sara",
    });

    // A new address: no users document yet, so the client creates it as before.
    await expect(callReclaim(await signInWithFirebaseEmailLink("nuova@example.it"))).resolves.toEqual({
      reclaimed: false,
    });
  });

  it("refuses a caller that is not signed in", async () => {
    await expect(reclaim.reclaimAccount.run(callableRequest({}))).rejects.toMatchObject({
      code: "unauthenticated",
    });
  });
});

describe("createMagicLink and the role", () => {
  it("never changes an existing account's role, whatever role the link asks for", async () => {
    const buyer = await auth.signUp("compratore@example.it", "password-1", "Luca");
    await admin.adminAuth().updateUser(buyer.localId, { emailVerified: true });
    await admin.adminDb().doc(`users/${buyer.localId}`).set({
      id: buyer.localId,
      email: "compratore@example.it",
      displayName: "Luca",
      userType: "customer",
      isVerified: true,
      createdAt: Timestamp.now(),
    });
    const result = await fns.verifyMagicLink.run(
      callableRequest({ token: await requestLink("compratore@example.it", "merchant") }),
    );
    expect(result.userType).toBe("customer");
    expect((await admin.adminDb().doc(`users/${buyer.localId}`).get()).data()?.userType).toBe("customer");
    expect((await admin.adminDb().doc(`profiles/${buyer.localId}`).get()).data()?.userType).toBe("customer");
    expect((await admin.adminAuth().getUser(buyer.localId)).customClaims ?? {}).not.toHaveProperty(
      "userType",
    );
  });
});

describe("e-mail rate limits cannot lock the owner out", () => {
  it("lets the victim get a link from their own address after an attacker used up the limit", async () => {
    const input = { email: "vittima@example.it", userType: "customer" as const };
    let refused = 0;
    for (let i = 0; i < 20; i++) {
      try {
        await fns.createMagicLink.run(callableRequest(input, { ip: ATTACKER_IP }));
      } catch (error) {
        expect(error).toMatchObject(tooMany);
        refused++;
      }
    }
    // The attacker's own address is held to the per-(address, IP) limit...
    expect(refused).toBe(20 - policy.EMAIL_RATE_POLICY.max);
    // ...and the victim, from elsewhere, still gets a link that works.
    smtp.clear();
    const token = await requestLink("vittima@example.it", "customer", VICTIM_IP);
    const result = await fns.verifyMagicLink.run(callableRequest({ token }));
    expect(result.email).toBe("vittima@example.it");
  });

  it("still refuses one IPv6 /64 past the per-IP limit, whatever addresses it asks for", async () => {
    // An IPv4 address may be a carrier's, shared (its ceiling is IPV4_RATE_POLICY); a /64 is one subscriber's.
    for (let i = 0; i < policy.IP_RATE_POLICY.max; i++) {
      await fns.createMagicLink.run(
        callableRequest({ email: `u${i}@example.it`, userType: "customer" }, { ip: ATTACKER_IPV6 }),
      );
    }
    const error = await rejection(
      fns.createMagicLink.run(
        callableRequest({ email: "altro@example.it", userType: "customer" }, { ip: ATTACKER_IPV6 }),
      ),
    );
    expect(error).toMatchObject(tooMany);
  });
});
