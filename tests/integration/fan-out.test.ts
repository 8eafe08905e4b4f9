// The per-request fan-out against the Firestore emulator: a published request goes into its cover
// cells' hour inboxes (≤ 30 writes, no shop read); at the hour's end the cells' tasks queue a digest for
// exactly the shops a brute-force distance-and-category check over every shop finds; each digest counts
// the hour's requests its shop hears of, one per shop and hour, however often a trigger or task repeats.

import { deleteApp } from "firebase-admin/app";
import { Timestamp } from "firebase-admin/firestore";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ReachableRequest } from "@/domain/notifications/shop-reach";
import { overrideEnv } from "../support/callables";
import { seedUserDoc, VERIFIED_SHOP } from "../support/integration-seed";
import { DATA_LAYER, startStack, stopStack, type TestStack } from "../support/stack";

type IndexModule = typeof import("../../functions/src/fanout/shop-index");
type FanOutModule = typeof import("../../functions/src/fanout/request-fanout");
type DigestModule = typeof import("../../functions/src/fanout/digest-task");
type CellModule = typeof import("../../functions/src/fanout/cell-digest");
type AdminModule = typeof import("../../functions/src/lib/admin");
type DomainModule = typeof import("@/domain/notifications/shop-reach");
type DigestTask = import("../../functions/src/fanout/digest-task").DigestTask;
type ShopDigestTask = import("../../functions/src/fanout/digest-task").ShopDigestTask;

let stack: TestStack;
let restoreEnv: () => void = () => {};
let shopIndex: IndexModule;
let fanOut: FanOutModule;
let digest: DigestModule;
let cellDigest: CellModule;
let admin: AdminModule;
let domain: DomainModule;

const db = () => admin.adminDb();
const MILANO = { lat: 45.4642, lng: 9.19 };
const CATEGORIES = ["casa", "sport", "elettronica"] as const;
const NOW = new Date("2026-11-25T10:20:00Z");

/** A deterministic scatter of shops: some in Milano, some within 30 km, some in Rome; mixed categories. */
function shopsAround(count: number) {
  let seed = 7;
  const random = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
  return Array.from({ length: count }, (_, i) => {
    const far = i % 10 === 0;
    const spread = i % 3 === 0 ? 0.4 : 0.12;
    const base = far ? { lat: 41.9, lng: 12.5 } : MILANO;
    return {
      uid: `shop-${String(i).padStart(3, "0")}`,
      location: { lat: base.lat + (random() - 0.5) * spread, lng: base.lng + (random() - 0.5) * spread },
      categories: [CATEGORIES[i % 3], ...(i % 4 === 0 ? [CATEGORIES[(i + 1) % 3]] : [])],
      verified: i % 7 !== 0,
    };
  });
}
const SHOPS = shopsAround(120);

function recordingDigests() {
  const tasks = new Map<string, DigestTask>();
  const queue = digest.digestQueueOver(
    {
      async enqueue(payload, options) {
        const id = options?.id ?? String(tasks.size);
        if (!tasks.has(id)) tasks.set(id, payload);
      },
    },
    () => NOW,
  );
  /** The hour ends: each cell task queued so far runs (a page of 7 shops), and the shops' digests are queued. */
  async function hourEnds(): Promise<ShopDigestTask[]> {
    for (const task of [...tasks.values()])
      if ("cell" in task && !task.requestId)
        await cellDigest.reachCell(
          { db: db(), onReach: (uids, key) => queue.shops(uids, key), pageSize: 7 },
          task,
        );
    return [...tasks.values()].filter((task): task is ShopDigestTask => "uid" in task);
  }
  return { tasks, queue, hourEnds };
}

beforeAll(async () => {
  stack = await startStack(DATA_LAYER);
  restoreEnv = overrideEnv({
    FIRESTORE_EMULATOR_HOST: stack.hosts.firestore,
    GCLOUD_PROJECT: stack.projectId,
    METADATA_SERVER_DETECTION: "none",
  });
  [shopIndex, fanOut, digest, cellDigest, admin, domain] = await Promise.all([
    import("../../functions/src/fanout/shop-index"),
    import("../../functions/src/fanout/request-fanout"),
    import("../../functions/src/fanout/digest-task"),
    import("../../functions/src/fanout/cell-digest"),
    import("../../functions/src/lib/admin"),
    import("@/domain/notifications/shop-reach"),
  ]);
  await stack.resetData();
  // Every shop's users/{uid} goes through the trigger's own code, as a verification would.
  for (const shop of SHOPS) {
    const user = {
      userType: "merchant",
      location: shop.location,
      ...(shop.verified ? { shop: { ...VERIFIED_SHOP, categories: shop.categories } } : {}),
    };
    await seedUserDoc(db(), shop.uid, "merchant", user);
    await shopIndex.syncShopIndex(db(), shop.uid, undefined, user);
  }
}, 180_000);

afterAll(async () => {
  if (admin) await deleteApp(admin.adminApp());
  await stopStack();
  restoreEnv();
});

beforeEach(async () => {
  // Only the fan-out's own documents are cleared: the shop index stays as seeded.
  const inbox = await db().collection("digestInbox").get();
  await Promise.all(inbox.docs.map((doc) => doc.ref.delete()));
  const notes = await db().collectionGroup("notifications").get();
  await Promise.all(notes.docs.map((doc) => doc.ref.delete()));
});

const request = (id: string, fields: Partial<ReachableRequest> = {}): ReachableRequest => ({
  id,
  customerId: "buyer",
  category: "casa",
  actionRadius: 10,
  location: MILANO,
  ...fields,
});

/** The truth: every shop, checked one by one with the domain's rule. */
function bruteForce(req: ReachableRequest): string[] {
  return SHOPS.flatMap((shop) => {
    const entry = domain.shopIndexEntry({
      verified: shop.verified,
      location: shop.location,
      categories: shop.categories,
    });
    return entry && domain.shopHearsOf(req, shop.uid, entry) ? [shop.uid] : [];
  }).sort();
}

describe("a published request reaches its shops", () => {
  it.each([
    ["casa, 10 km, Milano", request("r1")],
    ["sport, 5 km", request("r2", { category: "sport", actionRadius: 5 })],
    [
      "elettronica, 100 km (capped by the shops' 10 km zone)",
      request("r3", { category: "elettronica", actionRadius: 100 }),
    ],
    ["casa, on the edge of town", request("r4", { location: { lat: 45.52, lng: 9.28 } })],
    ["in Rome", request("r5", { location: { lat: 41.9, lng: 12.5 } })],
  ])("exactly the shops a brute-force check finds: %s", async (_label, req) => {
    const digests = recordingDigests();
    const cells = await fanOut.fanOutRequest(
      { db: db(), now: () => NOW, digests: digests.queue },
      req,
      "Scala",
    );
    // A bounded publication: ≤ 30 inbox merges and as many cell tasks and push tasks, whatever the shops nearby.
    expect(cells.length).toBeGreaterThan(0);
    expect(cells.length).toBeLessThanOrEqual(30);
    expect((await db().collection("digestInbox").get()).size).toBe(cells.length);
    expect(digests.tasks.size).toBe(cells.length * 2);
    const expected = bruteForce(req);
    expect(expected.length).toBeGreaterThan(0);
    const shopTasks = await digests.hourEnds();
    expect(shopTasks.map((task) => task.uid).sort()).toEqual(expected);
    // Each reached shop's digest finds the request in its own cells' inboxes.
    const notifyDeps = { db: db(), now: () => NOW, emailQueue: { enqueue: async () => {} } };
    for (const task of shopTasks.slice(0, 5))
      expect(await digest.deliverShopDigest(notifyDeps, task)).toBe(1);
  });

  it("a shop reached by two requests in one hour gets one digest counting both; a repeated trigger adds nothing", async () => {
    const digests = recordingDigests();
    const deps = { db: db(), now: () => NOW, digests: digests.queue };
    await fanOut.fanOutRequest(deps, request("a"), "Scala");
    await fanOut.fanOutRequest(deps, request("b"), "Lampadina");
    await fanOut.fanOutRequest(deps, request("a"), "Scala"); // the trigger delivered twice
    const shop = bruteForce(request("a"))[0] as string;
    const tasks = (await digests.hourEnds()).filter((task) => task.uid === shop);
    expect(tasks).toEqual([{ uid: shop, windowKey: "2026-11-25T10" }]);

    // The e-mail step of the repeated run is queued again under the same task id, which Cloud Tasks refuses.
    const sent = new Set<string>();
    const notifyDeps = {
      db: db(),
      now: () => NOW,
      emailQueue: {
        enqueue: async (refs: readonly { path: string }[]) => {
          for (const ref of refs) sent.add(ref.path);
        },
      },
    };
    expect(await digest.deliverShopDigest(notifyDeps, tasks[0] as ShopDigestTask)).toBe(2);
    expect(await digest.deliverShopDigest(notifyDeps, tasks[0] as ShopDigestTask)).toBe(2); // Cloud Tasks ran it twice
    const notes = (await db().collection(`users/${shop}/notifications`).get()).docs.map((doc) => doc.data());
    expect(notes).toEqual([
      expect.objectContaining({ kind: "requests_nearby", title: "2 nuove richieste vicino a te" }),
    ]);
    expect([...sent]).toEqual([`users/${shop}/notifications/requests_nearby-2026-11-25T10`]);
  });

  it("the cell tasks are due at the hour's end, and nothing is sent for an hour with no requests", async () => {
    const delays: (number | undefined)[] = [];
    const queue = digest.digestQueueOver(
      { enqueue: async (_payload, options) => void delays.push(options?.scheduleDelaySeconds) },
      () => NOW,
    );
    await queue.cells(["u0nd9"], "casa", domain.digestWindow(NOW));
    // 10:20 → 11:00, plus the minute's grace.
    expect(delays).toEqual([40 * 60 + 60]);
    const reached = await cellDigest.reachCell(
      { db: db(), onReach: async () => expect.unreachable("no shop for an empty inbox") },
      { cell: "u0nd9", category: "casa", windowKey: "2026-11-25T09" },
    );
    expect(reached).toEqual([]);
    const none = { db: db(), now: () => NOW };
    expect(await digest.deliverShopDigest(none, { uid: "shop-001", windowKey: "2026-11-25T09" })).toBe(0);
  });

  it("a shop that is no longer verified leaves the index; one that moves is found at its new place", async () => {
    const shop = SHOPS.find((s) => s.verified && s.location.lat > 45) as (typeof SHOPS)[number];
    const before = {
      userType: "merchant",
      location: shop.location,
      shop: { ...VERIFIED_SHOP, categories: shop.categories },
    };
    const moved = { ...before, location: { lat: 41.9, lng: 12.5 } };
    expect(await shopIndex.syncShopIndex(db(), shop.uid, before, before)).toBe("unchanged");
    expect(await shopIndex.syncShopIndex(db(), shop.uid, before, moved)).toBe("written");
    expect((await db().doc(`shopIndex/${shop.uid}`).get()).get("gh3")).toBe("sr2");
    expect(await shopIndex.syncShopIndex(db(), shop.uid, moved, { ...moved, suspendedAt: new Date() })).toBe(
      "deleted",
    );
    expect((await db().doc(`shopIndex/${shop.uid}`).get()).exists).toBe(false);
    await shopIndex.syncShopIndex(db(), shop.uid, undefined, before);
  });

  it("only a request that becomes active fans out: published now or renewed, not history written again", () => {
    const fresh = Timestamp.fromMillis(NOW.getTime() - 60_000);
    const old = Timestamp.fromMillis(NOW.getTime() - 3 * 24 * 3600_000);
    expect(fanOut.becameReachable(undefined, { status: "active", createdAt: fresh }, NOW)).toBe(true);
    expect(fanOut.becameReachable(undefined, { status: "active", createdAt: old }, NOW)).toBe(false);
    expect(fanOut.becameReachable({ status: "expired" }, { status: "active", createdAt: old }, NOW)).toBe(
      true,
    );
    expect(fanOut.becameReachable({ status: "active" }, { status: "active", createdAt: fresh }, NOW)).toBe(
      false,
    );
    expect(fanOut.becameReachable({ status: "active" }, { status: "in_progress" }, NOW)).toBe(false);
  });
});
