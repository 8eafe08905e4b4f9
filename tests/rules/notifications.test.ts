// firestore.rules for notifications (src/domain/notifications/notifications.ts): users/{uid}/notifications written by
// functions only, read by the owner who may only set readAt; users/{uid}/notificationSettings (e-mail
// preferences and presence) written by the owner, validated. (A new offer's unread mark: unread-counts.test.ts.)

import { assertFails, assertSucceeds } from "@firebase/rules-unit-testing";
import {
  collection,
  deleteDoc,
  doc,
  type Firestore,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
} from "firebase/firestore";
import { beforeEach, describe, it } from "vitest";
import { COLLECTIONS, SUBCOLLECTIONS } from "../../src/domain/core/collections";
import { NOTIFICATION_SETTINGS_IDS } from "../../src/domain/notifications/notifications";
import { useRulesEnvironment } from "./environment";
import { BUYER, EARLIER, OTHER_BUYER, SHOP } from "./fixtures";

const NOTE = "offer_received-r1_shop";
const notePath = `${COLLECTIONS.users}/${BUYER}/${SUBCOLLECTIONS.notifications}/${NOTE}`;
const noteDoc = (db: Firestore, uid = BUYER) =>
  doc(db, COLLECTIONS.users, uid, SUBCOLLECTIONS.notifications, NOTE);
const settingsDoc = (db: Firestore, id: string, uid = BUYER) =>
  doc(db, COLLECTIONS.users, uid, SUBCOLLECTIONS.notificationSettings, id);

const storedNote = {
  kind: "offer_received",
  title: "Nuova offerta per «Trapano»",
  body: "Ferramenta Rossi ti propone 25,00 €.",
  link: "/messages/r1_shop",
  createdAt: EARLIER,
  readAt: null,
  emailStatus: "sent",
};

describe("users/{uid}/notifications", () => {
  const rules = useRulesEnvironment();
  beforeEach(async () => {
    await rules.seed({ [notePath]: storedNote });
  });

  it("the owner reads them, newest first in a bounded page", async () => {
    const db = rules.as(BUYER);
    await assertSucceeds(getDoc(noteDoc(db)));
    const list = collection(db, COLLECTIONS.users, BUYER, SUBCOLLECTIONS.notifications);
    await assertSucceeds(getDocs(query(list, orderBy("createdAt", "desc"), limit(20))));
    await assertFails(getDocs(query(list, orderBy("createdAt", "desc"))));
  });

  it("nobody else reads them", async () => {
    await assertFails(getDoc(noteDoc(rules.as(SHOP))));
    await assertFails(getDoc(noteDoc(rules.anonymous())));
    const list = collection(rules.as(OTHER_BUYER), COLLECTIONS.users, BUYER, SUBCOLLECTIONS.notifications);
    await assertFails(getDocs(query(list, limit(20))));
  });

  it("the owner marks one read with the request's time, once, and changes nothing else", async () => {
    const db = rules.as(BUYER);
    await assertFails(updateDoc(noteDoc(db), { readAt: serverTimestamp(), title: "Altro" }));
    await assertFails(updateDoc(noteDoc(db), { readAt: Timestamp.fromDate(new Date("2030-01-01")) }));
    await assertFails(updateDoc(noteDoc(db), { emailStatus: "pending" }));
    await assertSucceeds(updateDoc(noteDoc(db), { readAt: serverTimestamp() }));
    await assertFails(updateDoc(noteDoc(db), { readAt: serverTimestamp() }));
  });

  it("no client creates, deletes or marks someone else's", async () => {
    await assertFails(setDoc(noteDoc(rules.as(BUYER), BUYER), { ...storedNote, readAt: null }));
    await assertFails(
      setDoc(doc(rules.as(BUYER), COLLECTIONS.users, BUYER, SUBCOLLECTIONS.notifications, "new"), storedNote),
    );
    await assertFails(deleteDoc(noteDoc(rules.as(BUYER))));
    await assertFails(updateDoc(noteDoc(rules.as(SHOP)), { readAt: serverTimestamp() }));
  });
});

describe("users/{uid}/notificationSettings", () => {
  const rules = useRulesEnvironment();
  const { preferences, presence } = NOTIFICATION_SETTINGS_IDS;

  it("the owner saves one switch per known kind, and reads them back", async () => {
    const db = rules.as(BUYER);
    await assertSucceeds(
      setDoc(settingsDoc(db, preferences), {
        email: { offer_received: false, message_received: true },
        updatedAt: serverTimestamp(),
      }),
    );
    await assertSucceeds(getDoc(settingsDoc(db, preferences)));
  });

  it("refuses unknown kinds, non-boolean switches, other fields and other users", async () => {
    const db = rules.as(BUYER);
    const write = (email: unknown, extra: object = {}) =>
      setDoc(settingsDoc(db, preferences), { email, updatedAt: serverTimestamp(), ...extra });
    await assertFails(write({ marketing: true }));
    await assertFails(write({ offer_received: "no" }));
    await assertFails(write({ offer_received: false }, { admin: true }));
    await assertFails(write("off"));
    await assertFails(
      setDoc(settingsDoc(rules.as(SHOP), preferences), { email: {}, updatedAt: serverTimestamp() }),
    );
    await assertFails(getDoc(settingsDoc(rules.as(SHOP), preferences)));
    await assertFails(setDoc(settingsDoc(db, "other"), { email: {}, updatedAt: serverTimestamp() }));
  });

  it("presence: lastSeenAt at the request's time only, by the owner only", async () => {
    const db = rules.as(BUYER);
    await assertFails(setDoc(settingsDoc(db, presence), { lastSeenAt: Timestamp.fromDate(new Date()) }));
    await assertFails(setDoc(settingsDoc(db, presence), { lastSeenAt: serverTimestamp(), away: true }));
    await assertSucceeds(setDoc(settingsDoc(db, presence), { lastSeenAt: serverTimestamp() }));
    await assertFails(getDoc(settingsDoc(rules.as(SHOP), presence, BUYER)));
    await assertFails(
      setDoc(settingsDoc(rules.as(SHOP), presence, BUYER), { lastSeenAt: serverTimestamp() }),
    );
  });
});
