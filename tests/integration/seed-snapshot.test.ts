// The journeys' fresh data comes from a snapshot of the demo seed (scripts/seed/snapshot.ts): restoring it
// after a test changed, added and deleted documents and accounts must leave exactly what the seed left.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deleteApp, initializeApp } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configureFirestore } from "../../functions/src/lib/admin";
import { AuthEmulator } from "../../scripts/seed/auth-emulator";
import { DEMO_BUYER, DEMO_SHOP_1 } from "../../scripts/seed/demo-data";
import { documentPaths, readProject, restoreSnapshot, seedAndCapture } from "../../scripts/seed/snapshot";
import { COLLECTIONS, SUBCOLLECTIONS } from "../../src/domain/core/collections";
import { DATA_LAYER, startStack, stopStack, type TestStack } from "../support/stack";

let stack: TestStack;
let dir: string;

const target = () => ({
  projectId: stack.projectId,
  firestoreHost: stack.hosts.firestore,
  authHost: stack.hosts.auth,
});
const settled = () => Promise.resolve();

beforeAll(async () => {
  stack = await startStack(DATA_LAYER);
  dir = mkdtempSync(join(tmpdir(), "vicino-snapshot-test-"));
});

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await stopStack();
});

describe("the demo seed's snapshot", () => {
  it("puts back every document and account a test changed, added or deleted", async () => {
    const snapshot = await seedAndCapture(target(), dir, settled);
    const afterSeed = await readProject(target());
    expect(afterSeed.length).toBeGreaterThan(100);
    expect(snapshot.paths).toEqual(afterSeed.map((document) => document.path));
    const shadow = { projectId: `${stack.projectId}-snapshot`, firestoreHost: stack.hosts.firestore };
    expect(await readProject(shadow)).toEqual([]);

    const app = initializeApp({ projectId: stack.projectId }, "seed-snapshot-test");
    const db = configureFirestore(getFirestore(app), stack.hosts.firestore);
    const [changed, deleted] = snapshot.paths.filter((path) => path.startsWith(`${COLLECTIONS.requests}/`));
    await db.doc(changed as string).update({ title: "Cambiato dal test" });
    await db.doc(deleted as string).delete();
    await db.doc(`${COLLECTIONS.requests}/added-by-a-test`).set({ title: "Nuova" });
    await db
      .doc(`${COLLECTIONS.users}/${DEMO_BUYER.uid}/${SUBCOLLECTIONS.notifications}/added`)
      .set({ n: 1 });
    await deleteApp(app);
    const auth = new AuthEmulator({ host: stack.hosts.auth, projectId: stack.projectId });
    await auth.signUp("nuovo@vicino.test", "vicino123");
    expect(await readProject(target())).not.toEqual(afterSeed);

    await expect(restoreSnapshot(target(), snapshot, settled)).resolves.toEqual(snapshot.summary);
    expect(await readProject(target())).toEqual(afterSeed);
    expect(await documentPaths(target())).toEqual(snapshot.paths);
    expect(await auth.countAccounts()).toBe(snapshot.summary.accounts);
    for (const persona of [DEMO_BUYER, DEMO_SHOP_1]) {
      await expect(auth.signIn(persona.email, persona.password)).resolves.toMatchObject({
        localId: persona.uid,
      });
    }
  });
});
