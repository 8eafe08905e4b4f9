// verifyShop against the test stack's Auth and Firestore emulators: a merchant account gets the shop's
// powers (users/{uid}.shop, read by the rules) only after the server has checked the e-mail, the
// Partita IVA, the address with a position and the categories; a self-declared merchant gets nothing.

import { deleteApp } from "firebase-admin/app";
import { type DocumentData, Timestamp } from "firebase-admin/firestore";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SHOP_VERIFICATION_MESSAGES } from "../../src/domain/shop-verification-messages";
import { callableRequest, overrideEnv, rejection } from "../support/callables";
import { DATA_LAYER, startStack, stopStack, type TestStack } from "../support/stack";

type VerifyModule = typeof import("../../functions/src/shops/verify-shop");
type AdminModule = typeof import("../../functions/src/lib/admin");

let stack: TestStack;
let verify: VerifyModule;
let admin: AdminModule;
let restoreEnv: () => void = () => {};

const EARLIER = Timestamp.fromDate(new Date("2025-01-01T10:00:00Z"));
const SHOP = {
  businessName: "Ferramenta Rossi",
  partitaIva: "00743110157",
  address: "Via Roma 1, Milano",
  position: { lat: 45.4642, lng: 9.19, zone: "Milano" },
  categories: ["casa"],
};

async function account(uid: string, userType: "customer" | "merchant", emailVerified: boolean) {
  await admin
    .adminAuth()
    .createUser({ uid, email: `${uid}@example.it`, emailVerified, password: "segreta123" });
  await admin
    .adminDb()
    .doc(`users/${uid}`)
    .set({ id: uid, uid, email: `${uid}@example.it`, displayName: uid, userType, createdAt: EARLIER });
}

async function userDoc(uid: string): Promise<DocumentData> {
  return (await admin.adminDb().doc(`users/${uid}`).get()).data() ?? {};
}

const call = (data: unknown, uid?: string) => verify.verifyShop.run(callableRequest(data, { uid }));

beforeAll(async () => {
  stack = await startStack(DATA_LAYER);
  restoreEnv = overrideEnv({
    FIRESTORE_EMULATOR_HOST: stack.hosts.firestore,
    FIREBASE_AUTH_EMULATOR_HOST: stack.hosts.auth,
    GCLOUD_PROJECT: stack.projectId,
    METADATA_SERVER_DETECTION: "none",
  });
  [verify, admin] = await Promise.all([
    import("../../functions/src/shops/verify-shop"),
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
});

describe("verifyShop", () => {
  it("verifies a merchant with a proved e-mail and a valid shop, and publishes the shop's name", async () => {
    await account("shop", "merchant", true);
    await expect(call(SHOP, "shop")).resolves.toEqual({ status: "verified" });
    const user = await userDoc("shop");
    expect(user.shop).toMatchObject({ status: "verified", partitaIva: "00743110157", categories: ["casa"] });
    expect(user.businessName).toBe("Ferramenta Rossi");
    expect(user.location).toMatchObject({ lat: 45.4642, lng: 9.19, address: "Via Roma 1, Milano" });
    const profile = (await admin.adminDb().doc("profiles/shop").get()).data();
    expect(profile?.businessName).toBe("Ferramenta Rossi");
  });

  it("refuses while the e-mail is not proved, and grants nothing", async () => {
    await account("unproved", "merchant", false);
    const error = await rejection(call(SHOP, "unproved"));
    expect(error).toMatchObject({
      code: "failed-precondition",
      message: SHOP_VERIFICATION_MESSAGES.emailNotVerified,
    });
    expect((await userDoc("unproved")).shop).toBeUndefined();
  });

  it("refuses a Partita IVA with a wrong check digit with the Italian reason", async () => {
    await account("typo", "merchant", true);
    const error = await rejection(call({ ...SHOP, partitaIva: "00743110158" }, "typo"));
    expect(error).toMatchObject({
      code: "invalid-argument",
      message: SHOP_VERIFICATION_MESSAGES.partitaIvaInvalid,
    });
    expect((await userDoc("typo")).shop).toBeUndefined();
  });

  it("refuses buyers and signed-out callers", async () => {
    await account("buyer", "customer", true);
    expect(await rejection(call(SHOP, "buyer"))).toMatchObject({
      code: "permission-denied",
      message: SHOP_VERIFICATION_MESSAGES.merchantsOnly,
    });
    expect(await rejection(call(SHOP))).toMatchObject({ code: "unauthenticated" });
    expect((await userDoc("buyer")).shop).toBeUndefined();
  });
});
