// syncProfile's throttle against Google's Firestore emulator (the test stack's), through the exported
// callable (`.run(request)`, App Check is not part of the handler): a sync that would store the same
// projection writes nothing and costs nothing; the rewrites that change profiles/{uid} are limited
// per user, so the one past the cap within the window is refused with resource-exhausted and the
// Italian text, while another user and the next window are unaffected.

import { deleteApp } from "firebase-admin/app";
import { Timestamp } from "firebase-admin/firestore";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PROFILE_SYNC_WINDOW_MS, PROFILE_SYNCS_PER_WINDOW } from "../../src/domain/core/limits";
import { shopAreaAround } from "../../src/domain/geo/shop-area";
import { callableRequest, overrideEnv, rejection } from "../support/callables";
import { DATA_LAYER, startStack, stopStack, type TestStack } from "../support/stack";

type SyncProfileModule = typeof import("../../functions/src/profiles/sync-profile");
type AdminModule = typeof import("../../functions/src/lib/admin");
type RateLimitModule = typeof import("../../functions/src/lib/rate-limit");
type PolicyModule = typeof import("../../functions/src/lib/rate-limit-policy");

const TOO_MANY = "Troppi tentativi. Riprova più tardi.";

let stack: TestStack;
let profiles: SyncProfileModule;
let admin: AdminModule;
let rateLimit: RateLimitModule;
let policy: PolicyModule;
let restoreEnv: () => void = () => {};

const db = () => admin.adminDb();

async function seedUser(uid: string, displayName: string) {
  await db()
    .doc(`users/${uid}`)
    .set({
      id: uid,
      uid,
      email: `${uid}@example.it`,
      displayName,
      userType: "customer",
      createdAt: Timestamp.fromDate(new Date("2025-01-01T10:00:00Z")),
    });
}

const rename = (uid: string, displayName: string) => db().doc(`users/${uid}`).update({ displayName });
const sync = (uid: string) => profiles.syncProfile.run(callableRequest({}, { uid }));

async function profileSnapshot(uid: string) {
  const snap = await db().doc(`profiles/${uid}`).get();
  if (!snap.exists || !snap.updateTime) throw new Error(`profiles/${uid} missing`);
  return { data: snap.data(), updateTime: snap.updateTime };
}

/** The count of the user's rewrite window (rate-limit.ts stores it under the key's hash). */
async function countedRewrites(uid: string): Promise<number | undefined> {
  const id = rateLimit.rateLimitDocId(profiles.profileSyncRateKey(uid));
  return (await db().collection(rateLimit.RATE_LIMITS_COLLECTION).doc(id).get()).data()?.count;
}

beforeAll(async () => {
  stack = await startStack(DATA_LAYER);
  restoreEnv = overrideEnv({
    FIRESTORE_EMULATOR_HOST: stack.hosts.firestore,
    FIREBASE_AUTH_EMULATOR_HOST: stack.hosts.auth,
    GCLOUD_PROJECT: stack.projectId,
    METADATA_SERVER_DETECTION: "none",
  });
  [profiles, admin, rateLimit, policy] = await Promise.all([
    import("../../functions/src/profiles/sync-profile"),
    import("../../functions/src/lib/admin"),
    import("../../functions/src/lib/rate-limit"),
    import("../../functions/src/lib/rate-limit-policy"),
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

describe("syncProfile throttle", () => {
  it("a sync that changes nothing does not write profiles/{uid} and is not counted", async () => {
    await seedUser("anna", "Anna");
    await expect(sync("anna")).resolves.toMatchObject({ profile: { displayName: "Anna" } });
    const first = await profileSnapshot("anna");
    expect(await countedRewrites("anna")).toBe(1);

    for (let i = 0; i < 5; i += 1) {
      await expect(sync("anna")).resolves.toMatchObject({ profile: { displayName: "Anna" } });
    }
    const after = await profileSnapshot("anna");
    expect(after.updateTime.isEqual(first.updateTime)).toBe(true);
    expect(after.data).toEqual(first.data);
    expect(await countedRewrites("anna")).toBe(1);

    // A field the projection does not hold is dropped by a rewrite: a stale profile is not "equal".
    await db().doc("profiles/anna").update({ stale: true });
    await sync("anna");
    expect((await profileSnapshot("anna")).data).not.toHaveProperty("stale");
    expect(await countedRewrites("anna")).toBe(2);
  });

  it(`refuses the changing sync past ${PROFILE_SYNCS_PER_WINDOW} in the window; others and the next window are unaffected`, async () => {
    expect(policy.PROFILE_SYNC_RATE_POLICY).toEqual({
      max: PROFILE_SYNCS_PER_WINDOW,
      windowMs: PROFILE_SYNC_WINDOW_MS,
    });
    await seedUser("anna", "Anna 1");
    await seedUser("bruno", "Bruno");
    // The first sync creates the profile (a rewrite too), then every sync follows a name change.
    await sync("anna");
    for (let n = 2; n <= PROFILE_SYNCS_PER_WINDOW; n += 1) {
      await rename("anna", `Anna ${n}`);
      await expect(sync("anna")).resolves.toMatchObject({ profile: { displayName: `Anna ${n}` } });
    }
    const capped = await profileSnapshot("anna");
    expect(capped.data).toMatchObject({ displayName: `Anna ${PROFILE_SYNCS_PER_WINDOW}` });

    await rename("anna", "Anna troppo");
    expect(await rejection(sync("anna"))).toMatchObject({ code: "resource-exhausted", message: TOO_MANY });
    const refused = await profileSnapshot("anna");
    expect(refused.updateTime.isEqual(capped.updateTime)).toBe(true);
    expect(refused.data).toMatchObject({ displayName: `Anna ${PROFILE_SYNCS_PER_WINDOW}` });
    expect(await countedRewrites("anna")).toBe(PROFILE_SYNCS_PER_WINDOW);

    // Another user's syncs are counted apart.
    await expect(sync("bruno")).resolves.toMatchObject({ profile: { displayName: "Bruno" } });
    await rename("bruno", "Bruno Verdi");
    await expect(sync("bruno")).resolves.toMatchObject({ profile: { displayName: "Bruno Verdi" } });

    // Putting the old name back makes the sync a no-op again, which is never refused.
    await rename("anna", `Anna ${PROFILE_SYNCS_PER_WINDOW}`);
    await expect(sync("anna")).resolves.toMatchObject({
      profile: { displayName: `Anna ${PROFILE_SYNCS_PER_WINDOW}` },
    });

    // Once the window is over, the pending change goes through.
    await rename("anna", "Anna dopo");
    const later = new Date(Date.now() + PROFILE_SYNC_WINDOW_MS + 1000);
    await expect(
      profiles.syncPublicProfile(db(), "anna", { limit: policy.PROFILE_SYNC_RATE_POLICY, now: later }),
    ).resolves.toMatchObject({ profile: { displayName: "Anna dopo" } });
    expect((await profileSnapshot("anna")).data).toMatchObject({ displayName: "Anna dopo" });
  });

  it("verifyShop's own rewrite (no limit given) is not refused by a user's spent window", async () => {
    await seedUser("carla", "Carla 1");
    await sync("carla");
    for (let n = 2; n <= PROFILE_SYNCS_PER_WINDOW; n += 1) {
      await rename("carla", `Carla ${n}`);
      await sync("carla");
    }
    await rename("carla", "Carla server");
    await expect(profiles.syncPublicProfile(db(), "carla")).resolves.toMatchObject({
      profile: { displayName: "Carla server" },
    });
  });
});

describe("a merchant's position", () => {
  const MILANO = { lat: 45.4642, lng: 9.19, address: "Via Torino 1, Milano", zone: "Centro" };
  const ROMA = { lat: 41.9028, lng: 12.4964, address: "Via del Corso 1, Roma", zone: "Centro" };
  const seedMerchant = (uid: string, fields: Record<string, unknown>) =>
    db()
      .doc(`users/${uid}`)
      .set({
        id: uid,
        uid,
        email: `${uid}@example.it`,
        displayName: uid,
        userType: "merchant",
        createdAt: Timestamp.fromDate(new Date("2025-01-01T10:00:00Z")),
        ...fields,
      });
  const area = async (uid: string) => (await db().doc(`shopAreas/${uid}`).get()).data();

  it("an unverified merchant's exact coordinates stay out of its public profile", async () => {
    await seedMerchant("nuovo", { location: MILANO });
    const { profile } = await sync("nuovo");
    expect(profile).not.toHaveProperty("location");
    expect((await profileSnapshot("nuovo")).data).not.toHaveProperty("location");
    expect((await profileSnapshot("nuovo")).data).toMatchObject({ zone: "Centro" });
    expect(await area("nuovo")).toBeUndefined();
  });

  it("a verified shop's position is public, and its feed area follows it when it moves", async () => {
    await seedMerchant("bottega", {
      location: MILANO,
      shop: {
        status: "verified",
        partitaIva: "04812310151",
        categories: ["casa"],
        verifiedAt: Timestamp.fromDate(new Date("2025-01-02T10:00:00Z")),
      },
    });
    await sync("bottega");
    expect((await profileSnapshot("bottega")).data).toMatchObject({ location: { lat: MILANO.lat } });
    expect(await area("bottega")).toEqual(shopAreaAround(MILANO));

    await db().doc("users/bottega").update({ location: ROMA });
    await sync("bottega");
    expect(await area("bottega")).toEqual(shopAreaAround(ROMA));
  });
});
