// The price aggregates (priceStats/{category}_{gh4}_{YYYY-MM}): no client reads or writes them,
// admins included. Buyers and shops get guidance only through the priceGuidance callable, which applies
// the threshold (5 offers from 3 shops) on the server (functions/src/market/price-stats.ts).

import { assertFails } from "@firebase/rules-unit-testing";
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  limit,
  query,
  setDoc,
  updateDoc,
} from "firebase/firestore";
import { describe, it } from "vitest";
import { COLLECTIONS } from "../../src/domain/core/collections";
import { priceStatsDocId } from "../../src/domain/marketplace/price-stats";
import { useRulesEnvironment } from "./environment";
import { BUYER, SHOP } from "./fixtures";

const ADMIN = { email: "staff@example.it", admin: true };
const ID = priceStatsDocId("sport", "u0nd", "2026-11");
const STATS = {
  category: "sport",
  cell: "u0nd",
  month: "2026-11",
  offers: { r1_shop1: { p: 250, s: "0123456789abcdef", at: 1_763_000_000_000, g: "u0nd9", h: "biciclett" } },
};

describe("price stats", () => {
  const rules = useRulesEnvironment();
  const clients = () => [rules.as("staff", ADMIN), rules.as(SHOP), rules.as(BUYER), rules.anonymous()];

  it("no client reads them: not one document, not a page", async () => {
    await rules.seed({ [`${COLLECTIONS.priceStats}/${ID}`]: STATS });
    for (const db of clients()) {
      await assertFails(getDoc(doc(db, COLLECTIONS.priceStats, ID)));
      await assertFails(getDocs(query(collection(db, COLLECTIONS.priceStats), limit(10))));
    }
  });

  it("no client writes them: create, update or delete", async () => {
    await rules.seed({ [`${COLLECTIONS.priceStats}/${ID}`]: STATS });
    for (const db of clients()) {
      await assertFails(
        setDoc(doc(db, COLLECTIONS.priceStats, priceStatsDocId("casa", "u0nd", "2026-11")), STATS),
      );
      await assertFails(updateDoc(doc(db, COLLECTIONS.priceStats, ID), { "offers.r1_shop1.p": 1 }));
      await assertFails(deleteDoc(doc(db, COLLECTIONS.priceStats, ID)));
    }
  });
});
