// firestore.rules for decisions/{id} (src/domain/people/decisions.ts): an admin's decision with its
// grounds, written by functions alone (the admins' callables); the person it concerns reads it, even
// suspended, a bounded page at a time; nobody else reads it and no client writes it, not even an admin.

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
  setDoc,
  updateDoc,
  where,
} from "firebase/firestore";
import { beforeEach, describe, it } from "vitest";
import { COLLECTIONS } from "../../src/domain/core/collections";
import { DECISION_FIELDS } from "../../src/domain/people/decisions";
import { useRulesEnvironment } from "./environment";
import { BUYER, EARLIER, OTHER_SHOP, SHOP, storedUser } from "./fixtures";

const decision = {
  id: "rep-1",
  subjectId: SHOP,
  reportId: "rep-1",
  action: "suspend_user",
  grounds: ["scam"],
  reasonText: "Chiedeva pagamenti fuori dall'app",
  decidedAt: EARLIER,
  appealPending: false,
};

describe("decisions/{id}", () => {
  const rules = useRulesEnvironment();
  const ref = (db: Firestore) => doc(db, COLLECTIONS.decisions, "rep-1");
  const mine = (db: Firestore, uid: string) =>
    query(collection(db, COLLECTIONS.decisions), where(DECISION_FIELDS.subjectId, "==", uid), limit(20));

  beforeEach(async () => {
    await rules.seed({ [`${COLLECTIONS.decisions}/rep-1`]: decision });
  });

  it("the person it concerns reads it and lists theirs, also while suspended", async () => {
    await assertSucceeds(getDoc(ref(rules.as(SHOP))));
    await assertSucceeds(getDocs(mine(rules.as(SHOP), SHOP)));
    await rules.seed({
      [`${COLLECTIONS.users}/${SHOP}`]: { ...storedUser(SHOP, "merchant"), suspendedAt: EARLIER },
    });
    await assertSucceeds(getDoc(ref(rules.as(SHOP))));
    await assertSucceeds(getDocs(mine(rules.as(SHOP), SHOP)));
  });

  it("nobody else reads it, and an unbounded list is refused", async () => {
    await assertFails(getDoc(ref(rules.as(BUYER))));
    await assertFails(getDoc(ref(rules.as(OTHER_SHOP))));
    await assertFails(getDocs(mine(rules.as(BUYER), SHOP)));
    await assertFails(getDoc(ref(rules.anonymous())));
    await assertFails(
      getDocs(query(collection(rules.as(SHOP), COLLECTIONS.decisions), where("subjectId", "==", SHOP))),
    );
  });

  it("only the admins' callables write decisions: no client, not the person, not an admin's token", async () => {
    for (const db of [rules.as(SHOP), rules.as(BUYER), rules.as("mod", { admin: true })]) {
      await assertFails(setDoc(doc(db, COLLECTIONS.decisions, "rep-2"), { ...decision, id: "rep-2" }));
      await assertFails(
        updateDoc(ref(db), { appealPending: true, appeal: { text: "Rivedete", at: EARLIER } }),
      );
      await assertFails(deleteDoc(ref(db)));
    }
  });
});
