// The price aggregates (src/domain/marketplace/price-stats.ts: priceEntries, priceDays, priceSummaries,
// priceBuilds): no client reads or writes them, admins included. Buyers and shops get guidance only
// through the priceGuidance callable, which answers from the summaries above the threshold (5 offers from
// 3 shops), rate-limited (functions/src/market/price-guidance.ts).

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
import { priceBucket, priceDayId } from "../../src/domain/marketplace/price-stats";
import { useRulesEnvironment } from "./environment";
import { BUYER, SHOP } from "./fixtures";

const ADMIN = { email: "staff@example.it", admin: true };
const BUCKET = priceBucket("sport", "u0nd", "biciclett");
const GROUP = { g: "u0nd9", v: [250], c: [1], s: ["0123456789abcdef"] };
const DOCUMENTS = {
  [COLLECTIONS.priceEntries]: [
    "0123456789abcdef0123",
    { bucket: BUCKET, day: "2026-11-20", p: 250, s: "0123456789abcdef", at: 1, g: "u0nd9" },
  ],
  [COLLECTIONS.priceDays]: [
    priceDayId(BUCKET, "2026-11-20"),
    { bucket: BUCKET, day: "2026-11-20", groups: [GROUP] },
  ],
  [COLLECTIONS.priceSummaries]: [BUCKET, { bucket: BUCKET, head: "biciclett", groups: [GROUP] }],
  [COLLECTIONS.priceBuilds]: ["2026-11-20", { day: "2026-11-20", done: true }],
} as const;

describe("price aggregates", () => {
  const rules = useRulesEnvironment();
  const clients = () => [rules.as("staff", ADMIN), rules.as(SHOP), rules.as(BUYER), rules.anonymous()];
  const seed = () =>
    rules.seed(
      Object.fromEntries(Object.entries(DOCUMENTS).map(([name, [id, data]]) => [`${name}/${id}`, data])),
    );

  it.each(Object.keys(DOCUMENTS))("%s: no client reads it, not one document, not a page", async (name) => {
    await seed();
    const [id] = DOCUMENTS[name as keyof typeof DOCUMENTS];
    for (const db of clients()) {
      await assertFails(getDoc(doc(db, name, id)));
      await assertFails(getDocs(query(collection(db, name), limit(10))));
    }
  });

  it.each(Object.keys(DOCUMENTS))("%s: no client writes it: create, update or delete", async (name) => {
    await seed();
    const [id, data] = DOCUMENTS[name as keyof typeof DOCUMENTS];
    for (const db of clients()) {
      await assertFails(setDoc(doc(db, name, `${id}-new`), data));
      await assertFails(updateDoc(doc(db, name, id), { groups: [] }));
      await assertFails(deleteDoc(doc(db, name, id)));
    }
  });
});
