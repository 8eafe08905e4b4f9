// The journeys' fresh data comes from a snapshot of the demo seed (scripts/seed/snapshot.ts): restoring it
// must leave exactly what a full seed at the same moment leaves, documents and accounts alike.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AuthEmulator } from "../../scripts/seed/auth-emulator";
import { DEMO_BUYER, DEMO_SHOP_1 } from "../../scripts/seed/demo-data";
import { seedDemoData } from "../../scripts/seed/seed";
import { captureDemoData, readProject, restoreSnapshot } from "../../scripts/seed/snapshot";
import type { EncodedDocument } from "../../scripts/seed/snapshot-codec";
import { DATA_LAYER, startStack, stopStack, type TestStack } from "../support/stack";

let stack: TestStack;

/**
 * What a play of the scenario leaves, without what is random in it (Firestore's auto ids of notifications
 * and messages, pickup codes, hashed keys): each document's path, auto ids masked, and its fields.
 */
const AUTO_ID = /^[A-Za-z0-9]{20}$/;
function shapeOf(documents: EncodedDocument[]): string[] {
  return documents
    .map(({ path, data }) => {
      const masked = path
        .split("/")
        .map((part) => (AUTO_ID.test(part) ? "<id>" : part))
        .join("/");
      const fields = data && typeof data === "object" ? Object.keys(data).sort().join(",") : "";
      return `${masked} {${fields}}`;
    })
    .sort();
}

const target = () => ({
  projectId: stack.projectId,
  firestoreHost: stack.hosts.firestore,
  authHost: stack.hosts.auth,
});

beforeAll(async () => {
  stack = await startStack(DATA_LAYER);
});

afterAll(() => stopStack());

describe("the demo seed's snapshot", () => {
  it("restores the same documents and accounts as a full seed at the same moment", async () => {
    const now = new Date();
    const seeded = await seedDemoData(target(), now);
    const afterSeed = await readProject(target());

    const snapshot = await captureDemoData(target(), now);
    expect(snapshot.summary).toEqual(seeded);
    expect(snapshot.documents.length).toBeGreaterThan(100);
    await stack.resetData();
    expect(await readProject(target())).toEqual([]);

    await expect(restoreSnapshot(target(), snapshot)).resolves.toEqual(seeded);
    const restored = await readProject(target());
    expect(restored).toEqual(snapshot.documents);
    expect(shapeOf(restored)).toEqual(shapeOf(afterSeed));
    const auth = new AuthEmulator({ host: stack.hosts.auth, projectId: stack.projectId });
    expect(await auth.countAccounts()).toBe(seeded.accounts);
    for (const persona of [DEMO_BUYER, DEMO_SHOP_1]) {
      await expect(auth.signIn(persona.email, persona.password)).resolves.toMatchObject({
        localId: persona.uid,
      });
    }
  });

  it("leaves nothing in the project it captures in", async () => {
    await captureDemoData(target(), new Date());
    const shadow = { projectId: `${stack.projectId}-snapshot`, firestoreHost: stack.hosts.firestore };
    expect(await readProject(shadow)).toEqual([]);
  });
});
