// The account guard (functions/src/lib/account-guard.ts) on every exported callable, table-driven over
// functions/src/index.ts: an account suspended a moment ago (its ID token still valid) is refused by
// each, before any input is read; an account whose users document is gone (deleted) and a shop an
// admin refused are refused where their policy says; a suspended shop's digest task is dropped.

import { deleteApp } from "firebase-admin/app";
import type { DecodedIdToken } from "firebase-admin/auth";
import { Timestamp } from "firebase-admin/firestore";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { COLLECTIONS, SUBCOLLECTIONS } from "../../src/domain/core/collections";
import { ACCOUNT_GUARD, type AccountGuardPolicy } from "../../src/domain/people/account-standing";
import { ACCOUNT_GUARD_MESSAGES } from "../../src/domain/people/trust-messages";
import { callableRequest, overrideEnv, rejection } from "../support/callables";
import { seedUserDoc, VERIFIED_SHOP } from "../support/integration-seed";
import { DATA_LAYER, startStack, stopStack, type TestStack } from "../support/stack";

type AdminModule = typeof import("../../functions/src/lib/admin");
type IndexModule = typeof import("../../functions/src/index");
type Callable = { run: (request: unknown) => Promise<unknown>; __accountGuard?: AccountGuardPolicy };

let stack: TestStack;
let admin: AdminModule;
let deployed: IndexModule;
let restoreEnv: () => void = () => {};
const db = () => admin.adminDb();

const BUYER = "guard-buyer";
const SHOP = "guard-shop";
const STAFF = "guard-staff";

/** A request as the client sends it, from a fresh sign-in (recent auth_time, admin claim for staff). */
function asCaller(uid: string, data: unknown = {}) {
  const request = callableRequest(data, { uid });
  const token = {
    uid,
    email_verified: true,
    auth_time: Math.floor(Date.now() / 1000),
    ...(uid === STAFF ? { admin: true } : {}),
  } as unknown as DecodedIdToken;
  return { ...request, auth: { uid, rawToken: "test", token } };
}

function callablesWith(policies: readonly AccountGuardPolicy[]): Array<[string, Callable]> {
  return Object.entries(deployed as unknown as Record<string, Callable & { __endpoint: object }>)
    .filter(([, fn]) => "callableTrigger" in fn.__endpoint)
    .filter(([, fn]) => fn.__accountGuard !== undefined && policies.includes(fn.__accountGuard));
}

/** Who calls a callable of this policy: a shop for shop actions, staff for admin ones, else a buyer. */
const callerFor = (policy: AccountGuardPolicy | undefined) =>
  policy === ACCOUNT_GUARD.shop ? SHOP : policy === ACCOUNT_GUARD.admin ? STAFF : BUYER;

beforeAll(async () => {
  stack = await startStack(DATA_LAYER);
  restoreEnv = overrideEnv({
    FIRESTORE_EMULATOR_HOST: stack.hosts.firestore,
    FIREBASE_AUTH_EMULATOR_HOST: stack.hosts.auth,
    GCLOUD_PROJECT: stack.projectId,
    METADATA_SERVER_DETECTION: "none",
  });
  [admin, deployed] = await Promise.all([
    import("../../functions/src/lib/admin"),
    import("../../functions/src/index"),
  ]);
});

afterAll(async () => {
  if (admin) await deleteApp(admin.adminApp());
  await stopStack();
  restoreEnv();
});

beforeEach(async () => {
  await stack.resetData();
  await seedUserDoc(db(), BUYER, "customer");
  await seedUserDoc(db(), SHOP, "merchant", { businessName: "Ferramenta", shop: VERIFIED_SHOP });
  await seedUserDoc(db(), STAFF, "customer");
});

/** Suspends the accounts as moderateReport does first: the users document's mark. */
async function suspendNow() {
  const at = Timestamp.now();
  await Promise.all([BUYER, SHOP, STAFF].map((uid) => db().doc(`users/${uid}`).update({ suspendedAt: at })));
}

describe("every callable refuses an account suspended a moment ago", () => {
  it("covers every callable but the magic link's two and the request for review", () => {
    const all = callablesWith(Object.values(ACCOUNT_GUARD));
    const guarded = callablesWith([
      ACCOUNT_GUARD.signUp,
      ACCOUNT_GUARD.admin,
      ACCOUNT_GUARD.account,
      ACCOUNT_GUARD.shop,
    ]);
    // appealDecision lets a suspended account through: asking for a review is what it is left.
    expect(all.length - guarded.length).toBe(3);
    expect(guarded.length).toBeGreaterThan(30);
  });

  it("each callable answers the suspension's message", async () => {
    await suspendNow();
    const guarded = callablesWith([
      ACCOUNT_GUARD.signUp,
      ACCOUNT_GUARD.admin,
      ACCOUNT_GUARD.account,
      ACCOUNT_GUARD.shop,
    ]);
    const answers: Record<string, unknown> = {};
    for (const [name, fn] of guarded) {
      const error = await rejection(fn.run(asCaller(callerFor(fn.__accountGuard))));
      answers[name] = `${String(error.code)}: ${String(error.message)}`;
    }
    const expected = `permission-denied: ${ACCOUNT_GUARD_MESSAGES.suspended}`;
    expect(answers).toEqual(Object.fromEntries(guarded.map(([name]) => [name, expected])));
  });
});

describe("a deleted account and a refused shop", () => {
  it("an account without a users document is refused as deleted by every account and shop action", async () => {
    await Promise.all([BUYER, SHOP].map((uid) => db().doc(`users/${uid}`).delete()));
    const guarded = callablesWith([ACCOUNT_GUARD.account, ACCOUNT_GUARD.shop]);
    for (const [name, fn] of guarded) {
      const error = await rejection(fn.run(asCaller(callerFor(fn.__accountGuard))));
      expect({ name, code: error.code, message: error.message }).toEqual({
        name,
        code: "permission-denied",
        message: ACCOUNT_GUARD_MESSAGES.deleted,
      });
    }
  });

  it("a shop an admin refused is refused by every shop action", async () => {
    await db()
      .doc(`users/${SHOP}`)
      .update({ shop: { ...VERIFIED_SHOP, status: "refused", reason: "Partita IVA non valida" } });
    for (const [name, fn] of callablesWith([ACCOUNT_GUARD.shop])) {
      const error = await rejection(fn.run(asCaller(SHOP)));
      expect({ name, message: error.message }).toEqual({ name, message: ACCOUNT_GUARD_MESSAGES.shopRefused });
    }
  });

  it("a suspended shop's digest is dropped", async () => {
    const hour = "2026-12-07T10";
    const inbox = { uid: SHOP, requestIds: ["r1"], productNames: ["Trapano"] };
    await db().doc(`${COLLECTIONS.digestInbox}/${SHOP}_${hour}`).set(inbox);
    const notifications = db().collection(`users/${SHOP}/${SUBCOLLECTIONS.notifications}`);
    const digest = deployed.sendShopDigest as unknown as Callable;
    await suspendNow();
    await digest.run({ data: { uid: SHOP, windowKey: hour } });
    // Without the guard the digest is written (and its e-mail queued): nothing here.
    expect((await notifications.get()).size).toBe(0);
  });
});
