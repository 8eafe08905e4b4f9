// Account deletion leaves no document keyed by the account: for every collection the deletion table
// (src/domain/boundary/account-data.ts) says goes with the account, one document named by the account
// (by id, by an id starting `{uid}_`, by each field that holds the uid) is seeded beside one of another
// account; deleteAccountFor removes the first and leaves the second. A collection added to the table
// is covered here by itself.

import { deleteApp } from "firebase-admin/app";
import { Timestamp } from "firebase-admin/firestore";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { deletedOnAccountDeletion } from "../../src/domain/boundary/account-data";
import { COLLECTIONS } from "../../src/domain/core/collections";
import { overrideEnv } from "../support/callables";
import { seedUserDoc } from "../support/integration-seed";
import { DATA_LAYER, startStack, stopStack, type TestStack } from "../support/stack";

type AdminModule = typeof import("../../functions/src/lib/admin");
type DeleteModule = typeof import("../../functions/src/privacy/delete-account");

let stack: TestStack;
let admin: AdminModule;
let deletion: DeleteModule;
let restoreEnv: () => void = () => {};
const db = () => admin.adminDb();

const GONE = "gone-shop";
const OTHER = "other-shop";

/** The paths of the documents keyed by `uid` this test seeds, one per collection and key. */
function keyedPaths(uid: string): string[] {
  return deletedOnAccountDeletion().flatMap(({ collection, key }) => {
    const name = COLLECTIONS[collection];
    if (key.by === "id") return [`${name}/${uid}`];
    if (key.by === "idPrefix") return [`${name}/${uid}_2026-12`];
    return key.fields.map((field) => `${name}/${uid}-by-${field.replace(/\W/g, "-")}`);
  });
}

/** A document at `path` naming `uid` as its key says (the fields hold it; the id holds it already). */
function keyedData(uid: string, path: string): Record<string, unknown> {
  const [collection, id] = path.split("/") as [string, string];
  const rule = deletedOnAccountDeletion().find(({ collection: c }) => COLLECTIONS[c] === collection);
  if (rule?.key.by !== "fields") return { note: "keyed by its id", at: Timestamp.now() };
  const field = rule.key.fields.find((f) => id.endsWith(f.replace(/\W/g, "-")));
  if (!field) throw new Error(`no field for ${path}`);
  // A dotted path (participants.merchantId) is a nested field.
  const [head, tail] = field.split(".") as [string, string | undefined];
  return tail ? { [head]: { [tail]: uid } } : { [head]: uid };
}

beforeAll(async () => {
  stack = await startStack(DATA_LAYER);
  restoreEnv = overrideEnv({
    FIRESTORE_EMULATOR_HOST: stack.hosts.firestore,
    FIREBASE_AUTH_EMULATOR_HOST: stack.hosts.auth,
    GCLOUD_PROJECT: stack.projectId,
    METADATA_SERVER_DETECTION: "none",
  });
  [admin, deletion] = await Promise.all([
    import("../../functions/src/lib/admin"),
    import("../../functions/src/privacy/delete-account"),
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

describe("account deletion", () => {
  it("leaves no document keyed by the account, and every other account's", async () => {
    for (const uid of [GONE, OTHER]) {
      for (const path of keyedPaths(uid)) await db().doc(path).set(keyedData(uid, path));
      await seedUserDoc(db(), uid, "merchant", { businessName: uid });
    }
    // A pickup code of the deleted shop's deal (offers/{requestId}_{shop}), as acceptOffer writes it.
    await db()
      .doc(`${COLLECTIONS.pickupCodes}/req_${GONE}`)
      .set({ code: "123456", offerId: `req_${GONE}`, requestId: "req", customerId: OTHER, merchantId: GONE });

    await deletion.deleteAccountFor(GONE, {
      db: db(),
      auth: admin.adminAuth(),
      now: () => new Date("2026-12-07T10:00:00Z"),
      gateway: undefined,
    });

    const left = async (paths: string[]) =>
      (
        await Promise.all(paths.map(async (path) => ((await db().doc(path).get()).exists ? path : null)))
      ).filter((path) => path !== null);
    expect(await left([...keyedPaths(GONE), `${COLLECTIONS.pickupCodes}/req_${GONE}`])).toEqual([]);
    expect(await left(keyedPaths(OTHER))).toEqual(keyedPaths(OTHER));
  });
});
