import { describe, expect, it } from "vitest";
import type { ReadEvent } from "./firestore-traffic";
import { budgetMisses, collectionOf, FEED_PAGE_BUDGET, tallyPageLoad } from "./page-budget";

const doc = (path: string, via: "rest" | "listen" = "rest"): ReadEvent => ({ kind: "document", path, via });

describe("tallyPageLoad", () => {
  it("bills documents, empty answers and aggregations, and finds a document read twice", () => {
    const tally = tallyPageLoad([
      doc("users/u1"),
      { kind: "listen-add", target: 2, label: "users/u1" },
      doc("users/u1", "listen"),
      { kind: "empty", via: "rest", label: "blocks" },
      { kind: "aggregation", label: "count offers" },
      doc("offers/o1"),
    ]);
    expect(tally).toMatchObject({
      reads: 5,
      documents: 3,
      listenerReads: 1,
      listeners: 1,
      listenerLabels: ["users/u1"],
      duplicates: [{ path: "users/u1", times: 2 }],
      byCollection: { users: 2, offers: 1, "(empty answer)": 1, "(count)": 1 },
    });
  });

  it("counts a listener once when a reconnected stream adds its target again", () => {
    const add: ReadEvent = { kind: "listen-add", target: 4, label: "conversations" };
    expect(tallyPageLoad([add, add, { kind: "listen-remove", target: 4 }])).toMatchObject({
      listeners: 1,
      removedListeners: 1,
    });
  });
});

describe("budgetMisses", () => {
  it("is empty within the budget", () => {
    const events = Array.from({ length: 25 }, (_, i) => doc(`requests/r${i}`));
    expect(budgetMisses(tallyPageLoad(events))).toEqual([]);
  });

  it("names reads over 25, listeners over 3 and documents read twice", () => {
    const events: ReadEvent[] = [
      ...Array.from({ length: 26 }, (_, i) => doc(`requests/r${i}`)),
      doc("requests/r0", "listen"),
      ...[2, 4, 6, 8].map((target): ReadEvent => ({ kind: "listen-add", target, label: `t${target}` })),
    ];
    expect(budgetMisses(tallyPageLoad(events))).toEqual([
      "27 reads (budget 25)",
      "4 listeners (budget 3): t2; t4; t6; t8",
      "read twice: requests/r0 ×2",
    ]);
  });

  it("gives the feed 40 reads", () => {
    const events = Array.from({ length: 40 }, (_, i) => doc(`requests/r${i}`));
    expect(budgetMisses(tallyPageLoad(events), FEED_PAGE_BUDGET)).toEqual([]);
    expect(budgetMisses(tallyPageLoad([...events, doc("offers/o1")]), FEED_PAGE_BUDGET)).toEqual([
      "41 reads (budget 40)",
    ]);
  });
});

describe("collectionOf", () => {
  it("names a sub-collection whatever its parent", () => {
    expect(collectionOf("conversations/c1/messages/m1")).toBe("conversations/*/messages");
    expect(collectionOf("offers/o1")).toBe("offers");
  });
});
