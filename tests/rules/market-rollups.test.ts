// The market dashboard's rollups (marketRollups/{YYYY-MM}): admins (the admin claim) read them, a bounded
// query of at most 4 months, as /admin/mercato does; shops, buyers and visitors read nothing; nobody
// writes them from a client, admins included (functions/src/analytics/rollups.ts keeps them).

import { assertFails, assertSucceeds } from "@firebase/rules-unit-testing";
import {
  collection,
  deleteDoc,
  doc,
  documentId,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  setDoc,
  where,
} from "firebase/firestore";
import { describe, expect, it } from "vitest";
import { COLLECTIONS } from "../../src/domain/core/collections";
import { useRulesEnvironment } from "./environment";
import { BUYER, SHOP } from "./fixtures";

const ADMIN = { email: "staff@example.it", admin: true };
const MONTH = "2026-11";
const ROLLUP = {
  month: MONTH,
  cells: {
    "2026-11-20|milano|casa": { day: "2026-11-20", comune: "Milano", category: "casa", published: 4 },
  },
  shopDays: {},
};

describe("market rollups", () => {
  const rules = useRulesEnvironment();
  const months = (db: ReturnType<typeof rules.as>, size?: number) =>
    getDocs(
      size
        ? query(
            collection(db, COLLECTIONS.marketRollups),
            where(documentId(), ">=", "2026-09"),
            orderBy(documentId()),
            limit(size),
          )
        : query(collection(db, COLLECTIONS.marketRollups), where(documentId(), ">=", "2026-09")),
    );

  it("admins read them, at most 4 months a query", async () => {
    await rules.seed({ [`${COLLECTIONS.marketRollups}/${MONTH}`]: ROLLUP });
    const staff = rules.as("staff", ADMIN);
    const page = await assertSucceeds(months(staff, 4));
    expect(page.docs.map((month) => month.id)).toEqual([MONTH]);
    await assertSucceeds(getDoc(doc(staff, COLLECTIONS.marketRollups, MONTH)));
    await assertFails(months(staff));
    await assertFails(months(staff, 5));
  });

  it("shops, buyers and visitors read nothing", async () => {
    await rules.seed({ [`${COLLECTIONS.marketRollups}/${MONTH}`]: ROLLUP });
    for (const db of [rules.as(SHOP), rules.as(BUYER), rules.anonymous()]) {
      await assertFails(getDoc(doc(db, COLLECTIONS.marketRollups, MONTH)));
      await assertFails(months(db, 4));
    }
  });

  it("no client writes them, admins included", async () => {
    await rules.seed({ [`${COLLECTIONS.marketRollups}/${MONTH}`]: ROLLUP });
    for (const db of [rules.as("staff", ADMIN), rules.as(SHOP), rules.as(BUYER)]) {
      await assertFails(setDoc(doc(db, COLLECTIONS.marketRollups, MONTH), ROLLUP));
      await assertFails(setDoc(doc(db, COLLECTIONS.marketRollups, "2026-12"), ROLLUP));
      await assertFails(deleteDoc(doc(db, COLLECTIONS.marketRollups, MONTH)));
    }
  });

  it("the shards and the jobs' progress are the functions' only: admins included, nobody reads or writes them", async () => {
    const shard = "2026-11-20_milano";
    await rules.seed({
      [`${COLLECTIONS.marketDays}/${shard}`]: { day: "2026-11-20", comune: "milano", cells: {} },
      [`${COLLECTIONS.marketJobs}/summaries`]: { since: new Date() },
    });
    for (const db of [rules.as("staff", ADMIN), rules.as(SHOP), rules.as(BUYER), rules.anonymous()]) {
      await assertFails(getDoc(doc(db, COLLECTIONS.marketDays, shard)));
      await assertFails(getDocs(query(collection(db, COLLECTIONS.marketDays), limit(1))));
      await assertFails(getDoc(doc(db, COLLECTIONS.marketJobs, "summaries")));
      await assertFails(setDoc(doc(db, COLLECTIONS.marketDays, shard), { day: "2026-11-20", cells: {} }));
    }
  });
});
