// firestore.rules for push (src/domain/notifications/push.ts): users/{uid}/devices (one push token per
// browser) written and deleted by its owner only and read by nobody, not even the owner (the functions
// send to it); the push switches and the digest's frequency in the owner's preferences; the emulators'
// devPushOutbox closed to every client.

import { assertFails, assertSucceeds } from "@firebase/rules-unit-testing";
import {
  collection,
  deleteDoc,
  doc,
  type Firestore,
  getDoc,
  getDocs,
  limit,
  query,
  serverTimestamp,
  setDoc,
  Timestamp,
} from "firebase/firestore";
import { beforeEach, describe, it } from "vitest";
import { COLLECTIONS, SUBCOLLECTIONS } from "../../src/domain/core/collections";
import { NOTIFICATION_SETTINGS_IDS } from "../../src/domain/notifications/notifications";
import { useRulesEnvironment } from "./environment";
import { BUYER, EARLIER, SHOP } from "./fixtures";

const deviceDoc = (db: Firestore, uid = SHOP, id = "device-1") =>
  doc(db, COLLECTIONS.users, uid, SUBCOLLECTIONS.devices, id);
const device = () => ({
  token: "local-abc123",
  platform: "local",
  createdAt: serverTimestamp(),
  lastSeenAt: serverTimestamp(),
});

describe("users/{uid}/devices", () => {
  const rules = useRulesEnvironment();
  beforeEach(async () => {
    await rules.seed({
      [`${COLLECTIONS.users}/${SHOP}/${SUBCOLLECTIONS.devices}/stored`]: {
        token: "fcm-token",
        platform: "web",
        createdAt: EARLIER,
        lastSeenAt: EARLIER,
      },
    });
  });

  it("the owner registers this browser, registers it again, and removes it", async () => {
    const db = rules.as(SHOP);
    await assertSucceeds(setDoc(deviceDoc(db), device()));
    await assertSucceeds(setDoc(deviceDoc(db), { ...device(), token: "local-def456" }));
    await assertSucceeds(deleteDoc(deviceDoc(db)));
  });

  it("nobody reads a device, not even its owner; no list", async () => {
    await assertFails(getDoc(deviceDoc(rules.as(SHOP), SHOP, "stored")));
    await assertFails(getDoc(deviceDoc(rules.as(BUYER), SHOP, "stored")));
    const list = collection(rules.as(SHOP), COLLECTIONS.users, SHOP, SUBCOLLECTIONS.devices);
    await assertFails(getDocs(query(list, limit(10))));
  });

  it("a rival neither registers a device for the shop (to hear of its requests) nor removes one", async () => {
    await assertFails(setDoc(deviceDoc(rules.as(BUYER)), device()));
    await assertFails(deleteDoc(deviceDoc(rules.as(BUYER), SHOP, "stored")));
    await assertFails(setDoc(deviceDoc(rules.anonymous()), device()));
  });

  it("refuses a malformed device: other fields, an empty or huge token, another platform, a client time", async () => {
    const db = rules.as(SHOP);
    await assertFails(setDoc(deviceDoc(db), { ...device(), uid: BUYER }));
    await assertFails(setDoc(deviceDoc(db), { ...device(), token: "" }));
    await assertFails(setDoc(deviceDoc(db), { ...device(), token: "x".repeat(4097) }));
    await assertFails(setDoc(deviceDoc(db), { ...device(), platform: "ios" }));
    await assertFails(setDoc(deviceDoc(db), { ...device(), createdAt: Timestamp.fromDate(new Date()) }));
  });
});

describe("push switches and the digest's frequency", () => {
  const rules = useRulesEnvironment();
  const prefs = (db: Firestore) =>
    doc(
      db,
      COLLECTIONS.users,
      SHOP,
      SUBCOLLECTIONS.notificationSettings,
      NOTIFICATION_SETTINGS_IDS.preferences,
    );

  it("the owner saves push switches per known kind and a known frequency", async () => {
    await assertSucceeds(
      setDoc(prefs(rules.as(SHOP)), {
        email: { requests_nearby: true },
        push: { new_request: true, offer_accepted: false },
        digest: "hourly",
        updatedAt: serverTimestamp(),
      }),
    );
  });

  it("refuses an unknown kind, a non-boolean switch and an unknown frequency", async () => {
    const write = (extra: object) =>
      setDoc(prefs(rules.as(SHOP)), { email: {}, updatedAt: serverTimestamp(), ...extra });
    await assertFails(write({ push: { marketing: true } }));
    await assertFails(write({ push: { new_request: "sì" } }));
    await assertFails(write({ push: "on" }));
    await assertFails(write({ digest: "every_minute" }));
    await assertFails(write({ email: { new_request: 1 } }));
  });
});

describe("devPushOutbox (the emulators' fake sender)", () => {
  const rules = useRulesEnvironment();
  beforeEach(async () => {
    await rules.seed({
      [`${COLLECTIONS.devPushOutbox}/m1`]: { uid: SHOP, token: "local-abc", sentAt: EARLIER },
    });
  });

  it("no client reads, lists or writes it", async () => {
    await assertFails(getDoc(doc(rules.as(SHOP), COLLECTIONS.devPushOutbox, "m1")));
    await assertFails(getDocs(query(collection(rules.as(SHOP), COLLECTIONS.devPushOutbox), limit(5))));
    await assertFails(setDoc(doc(rules.as(SHOP), COLLECTIONS.devPushOutbox, "m2"), { uid: SHOP }));
  });
});
