// 'Il tuo catalogo' (users/{uid}/catalogue/{slot}, src/domain/marketplace/catalogue.ts): only the shop
// reads and writes its own products, in slots p00-p99, bounded lists; and the response times
// (responseSamples, shopStats, areaStats, src/domain/market/response-time.ts): only functions write them,
// the coarse buckets are read by anyone signed in, the samples by no client.

import { assertFails, assertSucceeds } from "@firebase/rules-unit-testing";
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  limit,
  query,
  serverTimestamp,
  setDoc,
  updateDoc,
} from "firebase/firestore";
import { describe, it } from "vitest";
import { COLLECTIONS, SUBCOLLECTIONS } from "../../src/domain/core/collections";
import { buildCatalogueProduct } from "../../src/domain/marketplace/catalogue";
import { useRulesEnvironment } from "./environment";
import { BUYER, OTHER_SHOP, SHOP } from "./fixtures";

const PRODUCT = { name: "Bicicletta da città", category: "sport", condition: "nuovo", price: 289 } as const;
const product = (overrides: Record<string, unknown> = {}) => ({
  ...buildCatalogueProduct(PRODUCT, false, serverTimestamp),
  ...overrides,
});
const slotPath = (uid: string, slot: string) =>
  `${COLLECTIONS.users}/${uid}/${SUBCOLLECTIONS.catalogue}/${slot}`;

describe("the shop's catalogue", () => {
  const rules = useRulesEnvironment();

  it("the shop writes, edits, pauses, lists and deletes its own products", async () => {
    const db = rules.as(SHOP);
    await assertSucceeds(setDoc(doc(db, slotPath(SHOP, "p00")), product()));
    await assertSucceeds(
      updateDoc(doc(db, slotPath(SHOP, "p00")), { paused: true, updatedAt: serverTimestamp() }),
    );
    await assertSucceeds(getDoc(doc(db, slotPath(SHOP, "p00"))));
    const list = collection(db, COLLECTIONS.users, SHOP, SUBCOLLECTIONS.catalogue);
    await assertSucceeds(getDocs(query(list, limit(50))));
    await assertSucceeds(deleteDoc(doc(db, slotPath(SHOP, "p00"))));
  });

  it("no list without a bound of 50", async () => {
    const list = collection(rules.as(SHOP), COLLECTIONS.users, SHOP, SUBCOLLECTIONS.catalogue);
    await assertFails(getDocs(list));
    await assertFails(getDocs(query(list, limit(51))));
  });

  it("only slots p00-p99: no 101st product", async () => {
    const db = rules.as(SHOP);
    await assertSucceeds(setDoc(doc(db, slotPath(SHOP, "p99")), product()));
    for (const slot of ["p100", "x01", "p1", "anything"]) {
      await assertFails(setDoc(doc(db, slotPath(SHOP, slot)), product()));
    }
  });

  it("refuses a malformed product", async () => {
    const db = rules.as(SHOP);
    const bad = [
      { price: 0 },
      { price: "89,00" },
      { name: "" },
      { category: "armi" },
      { condition: "rotto" },
      { paused: "no" },
      { updatedAt: new Date("2020-01-01") },
      { extra: true },
    ];
    for (const overrides of bad)
      await assertFails(setDoc(doc(db, slotPath(SHOP, "p01")), product(overrides)));
  });

  it("another shop or a buyer neither reads nor writes it; a buyer has no catalogue", async () => {
    await rules.seed({ [slotPath(SHOP, "p00")]: { ...PRODUCT, paused: false, updatedAt: new Date() } });
    for (const uid of [OTHER_SHOP, BUYER]) {
      const db = rules.as(uid);
      await assertFails(getDoc(doc(db, slotPath(SHOP, "p00"))));
      await assertFails(
        getDocs(query(collection(db, COLLECTIONS.users, SHOP, SUBCOLLECTIONS.catalogue), limit(10))),
      );
      await assertFails(setDoc(doc(db, slotPath(SHOP, "p01")), product()));
      await assertFails(deleteDoc(doc(db, slotPath(SHOP, "p00"))));
    }
    await assertFails(setDoc(doc(rules.as(BUYER), slotPath(BUYER, "p00")), product()));
    await assertFails(getDoc(doc(rules.anonymous(), slotPath(SHOP, "p00"))));
  });
});

describe("response times", () => {
  const rules = useRulesEnvironment();

  it("the coarse buckets: read by anyone signed in, written by no client", async () => {
    await rules.seed({
      [`${COLLECTIONS.shopStats}/${SHOP}`]: { responseBucket: "1h", area: "u0nd9" },
      [`${COLLECTIONS.areaStats}/u0nd9`]: { responseBucket: "4h" },
    });
    for (const uid of [BUYER, OTHER_SHOP, SHOP]) {
      const db = rules.as(uid);
      await assertSucceeds(getDoc(doc(db, COLLECTIONS.shopStats, SHOP)));
      await assertSucceeds(getDoc(doc(db, COLLECTIONS.areaStats, "u0nd9")));
      await assertFails(getDocs(query(collection(db, COLLECTIONS.shopStats), limit(10))));
      await assertFails(setDoc(doc(db, COLLECTIONS.shopStats, SHOP), { responseBucket: "15m" }));
      await assertFails(setDoc(doc(db, COLLECTIONS.areaStats, "u0nd9"), { responseBucket: "15m" }));
    }
    await assertFails(getDoc(doc(rules.anonymous(), COLLECTIONS.shopStats, SHOP)));
  });

  it("the samples: no client reads or writes them", async () => {
    await rules.seed({ [`${COLLECTIONS.responseSamples}/${SHOP}`]: { samples: [{ at: 1, minutes: 5 }] } });
    for (const uid of [BUYER, SHOP]) {
      const db = rules.as(uid);
      await assertFails(getDoc(doc(db, COLLECTIONS.responseSamples, SHOP)));
      await assertFails(setDoc(doc(db, COLLECTIONS.responseSamples, SHOP), { samples: [] }));
    }
  });
});
