// How the scheduled jobs read, against Google's Firestore emulator with an injected clock and a small
// injected page size: each reads only what is due, in pages of a bounded limit with a cursor (a page
// boundary is crossed and nothing is read twice), a rerun finds nothing to do and reads (almost)
// nothing, and a run stopped by its time budget leaves the rest to the next one. Reads are counted
// through the admin SDK itself: every query's get() (with its limit) and every getAll() (a document's
// get() goes through it), so a job that re-reads a document or queries without a limit fails here.

import { deleteApp } from "firebase-admin/app";
import { type DocumentData, FieldValue, Firestore, Query, Timestamp } from "firebase-admin/firestore";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { overrideEnv } from "../support/callables";
import { seedUserDoc } from "../support/integration-seed";
import { seedTrial } from "../support/plans";
import { DATA_LAYER, startStack, stopStack, type TestStack } from "../support/stack";
import { closedRequestTree, heldOfferDoc, sweepRequestDoc } from "../support/sweep-docs";

type ExpireModule = typeof import("../../functions/src/requests/expire-requests");
type SweepsModule = typeof import("../../functions/src/notifications/sweeps");
type RetentionModule = typeof import("../../functions/src/privacy/retention");
type RemindersModule = typeof import("../../functions/src/billing/reminders");
type RetriesModule = typeof import("../../functions/src/notifications/email-retries");
type NotifyModule = typeof import("../../functions/src/notifications/notify");
type EventsModule = typeof import("../../functions/src/notifications/events");
type AdminModule = typeof import("../../functions/src/lib/admin");
type HoldModule = typeof import("../../functions/src/deals/hold-reminders");
type OutgoingEmail = import("../../functions/src/email/send").OutgoingEmail;

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const NOW = new Date("2026-11-25T10:00:00Z");
const BUYER = "buyer";

let stack: TestStack;
let restoreEnv: () => void = () => {};
let expire: ExpireModule;
let sweeps: SweepsModule;
let retention: RetentionModule;
let reminders: RemindersModule;
let retries: RetriesModule;
let notifyMod: NotifyModule;
let events: EventsModule;
let admin: AdminModule;
let holds: HoldModule;

const db = () => admin.adminDb();
let clock = NOW;
let outbox: OutgoingEmail[] = [];
/** Every address the fake mail server was asked to deliver to, refused or not. */
let tried: string[] = [];
/** Addresses the fake mail server refuses. */
let refused = new Set<string>();
const mail = {
  send: async (message: OutgoingEmail) => {
    tried.push(message.to);
    if (refused.has(message.to)) throw new Error(`550 ${message.to}: mailbox unavailable`);
    outbox.push(message);
  },
};
const deps = (paging: { pageSize?: number; budgetMs?: number } = {}) => ({
  db: db(),
  now: () => clock,
  mail,
  ...paging,
});

/** One query get(): which collection, its limit, how many documents it returned. */
type QueryRead = { collection: string; limit: number | undefined; size: number };
let queries: QueryRead[] = [];
/** Every document read by getAll() (and so by DocumentReference.get()), by path. */
let documents: string[] = [];

// The SDK's own classes, spied on: the jobs use the same module instance (firebase-admin is external).
const originalGet = Query.prototype.get;
const originalGetAll = Firestore.prototype.getAll;

beforeAll(async () => {
  stack = await startStack(DATA_LAYER);
  restoreEnv = overrideEnv({
    FIRESTORE_EMULATOR_HOST: stack.hosts.firestore,
    GCLOUD_PROJECT: stack.projectId,
    METADATA_SERVER_DETECTION: "none",
    MAIL_FROM: "Vicino <noreply@vicino.test>",
    APP_URL: "http://127.0.0.1:5173",
  });
  [expire, sweeps, retention, reminders, retries, notifyMod, events, admin, holds] = await Promise.all([
    import("../../functions/src/requests/expire-requests"),
    import("../../functions/src/notifications/sweeps"),
    import("../../functions/src/privacy/retention"),
    import("../../functions/src/billing/reminders"),
    import("../../functions/src/notifications/email-retries"),
    import("../../functions/src/notifications/notify"),
    import("../../functions/src/notifications/events"),
    import("../../functions/src/lib/admin"),
    import("../../functions/src/deals/hold-reminders"),
  ]);
});

afterAll(async () => {
  if (admin) await deleteApp(admin.adminApp());
  await stopStack();
  restoreEnv();
});

beforeEach(async () => {
  await stack.resetData();
  clock = NOW;
  outbox = [];
  tried = [];
  refused = new Set();
  await seedUserDoc(db(), BUYER, "customer");
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** Counts the reads of `run` (only its own: seeding before and checks after are not counted). */
async function counted<T>(run: () => Promise<T>): Promise<T> {
  queries = [];
  documents = [];
  vi.spyOn(Query.prototype, "get").mockImplementation(async function (this: Query) {
    const snapshot = await originalGet.call(this);
    // The query's options are internal to the SDK; a test may look (the limit is what is asserted).
    const options = (this as unknown as { _queryOptions: { collectionId: string; limit?: number } })
      ._queryOptions;
    queries.push({ collection: options.collectionId, limit: options.limit, size: snapshot.size });
    return snapshot;
  });
  vi.spyOn(Firestore.prototype, "getAll").mockImplementation(async function (
    this: Firestore,
    ...args: Parameters<Firestore["getAll"]>
  ) {
    const snapshots = await originalGetAll.apply(this, args);
    documents.push(...snapshots.map((snapshot) => snapshot.ref.path));
    return snapshots;
  });
  try {
    return await run();
  } finally {
    vi.restoreAllMocks();
  }
}

const of = (collection: string) => queries.filter((query) => query.collection === collection);
const docsRead = (collection: string) => of(collection).reduce((sum, query) => sum + query.size, 0);
const limits = (collection: string) => [...new Set(of(collection).map((query) => query.limit))];

async function seedRequest(id: string, fields: DocumentData) {
  await db()
    .doc(`requests/${id}`)
    .set(sweepRequestDoc(id, BUYER, NOW, fields));
}

const at = (ms: number) => Timestamp.fromMillis(NOW.getTime() + ms);

describe("expireRequests", () => {
  it("reads the due requests in pages of the limit, once, and a rerun reads none", async () => {
    for (const id of ["d1", "d2", "d3", "d4", "d5"]) await seedRequest(id, { expiresAt: at(-HOUR) });
    await seedRequest("fresh", { expiresAt: at(DAY) });
    await seedRequest("closed", { status: "cancelled", expiresAt: at(-HOUR) });
    // Renewed long ago: createdAt is old, expiresAt ahead. The legacy createdAt query returned it.
    await seedRequest("renewed", { createdAt: at(-30 * DAY), expiresAt: at(5 * DAY) });

    const expired = await counted(() => expire.runExpireRequests({ ...deps({ pageSize: 2 }) }));
    expect(expired.sort()).toEqual(["d1", "d2", "d3", "d4", "d5"]);
    expect(limits("requests")).toEqual([2]);
    expect(of("requests").map((query) => query.size)).toEqual([2, 2, 1]);

    clock = new Date(NOW.getTime() + HOUR);
    expect(await counted(() => expire.runExpireRequests(deps({ pageSize: 2 })))).toEqual([]);
    expect(docsRead("requests")).toBe(0);
  });

  it("stops at its time budget and leaves the rest to the next run", async () => {
    for (const id of ["d1", "d2", "d3"]) await seedRequest(id, { expiresAt: at(-HOUR) });
    expect(await expire.runExpireRequests(deps({ pageSize: 2, budgetMs: 0 }))).toHaveLength(2);
    expect(await expire.runExpireRequests(deps({ pageSize: 2, budgetMs: 0 }))).toHaveLength(1);
  });
});

describe("expiryWarnings", () => {
  it("reads each active request once as its expiry enters the window, across pages and runs", async () => {
    for (const [index, id] of ["w1", "w2", "w3", "w4", "w5"].entries()) {
      await seedRequest(id, { expiresAt: at((index + 1) * 3 * HOUR) });
    }
    await seedRequest("in-progress", { status: "in_progress", expiresAt: at(2 * HOUR) });
    await seedRequest("later", { expiresAt: at(30 * HOUR) });

    const warned = await counted(() => sweeps.sendExpiryWarnings(deps({ pageSize: 2 })));
    expect(warned).toEqual(["w1", "w2", "w3", "w4", "w5"]);
    expect(limits("requests")).toEqual([2]);
    expect(docsRead("requests")).toBe(5); // not the request in progress, not "later"
    const notes = await db().collection(`users/${BUYER}/notifications`).get();
    expect(notes.size).toBe(5);

    // An hour on: nothing new in the window, nothing read again.
    clock = new Date(NOW.getTime() + HOUR);
    expect(await counted(() => sweeps.sendExpiryWarnings(deps({ pageSize: 2 })))).toEqual([]);
    expect(docsRead("requests")).toBe(0);

    // Seven hours on, "later" has entered the window: it alone is read.
    clock = new Date(NOW.getTime() + 7 * HOUR);
    expect(await counted(() => sweeps.sendExpiryWarnings(deps({ pageSize: 2 })))).toEqual(["later"]);
    expect(docsRead("requests")).toBe(1);
    expect(outbox).toHaveLength(6);
  });

  it("warns a renewed request again before its new date", async () => {
    await seedRequest("renewed", { expiresAt: at(2 * HOUR) });
    expect(await sweeps.sendExpiryWarnings(deps())).toEqual(["renewed"]);
    // Renewed in its last day: 7 more days from now.
    clock = new Date(NOW.getTime() + HOUR);
    await db()
      .doc("requests/renewed")
      .update({ expiresAt: Timestamp.fromMillis(clock.getTime() + 7 * DAY) });
    expect(await sweeps.sendExpiryWarnings(deps())).toEqual([]);
    clock = new Date(NOW.getTime() + HOUR + 6 * DAY + HOUR);
    expect(await sweeps.sendExpiryWarnings(deps())).toEqual(["renewed"]);
  });

  it("reads the whole window again when the clock was set back (the emulators' test clock)", async () => {
    await seedRequest("w1", { expiresAt: at(3 * HOUR) });
    clock = new Date(NOW.getTime() + 2 * HOUR);
    expect(await sweeps.sendExpiryWarnings(deps())).toEqual(["w1"]);
    clock = NOW;
    await seedRequest("w0", { expiresAt: at(HOUR) });
    expect(await sweeps.sendExpiryWarnings(deps())).toEqual(["w0", "w1"]);
    expect(outbox).toHaveLength(2); // w1 was not warned twice
  });

  it("stops at its time budget and the next run goes on from where it stopped", async () => {
    for (const [index, id] of ["w1", "w2", "w3"].entries()) {
      await seedRequest(id, { expiresAt: at((index + 1) * HOUR) });
    }
    expect(await sweeps.sendExpiryWarnings(deps({ pageSize: 2, budgetMs: 0 }))).toEqual(["w1", "w2"]);
    expect(await counted(() => sweeps.sendExpiryWarnings(deps({ pageSize: 2, budgetMs: 0 })))).toEqual([
      "w3",
    ]);
    expect(docsRead("requests")).toBe(1);
  });
});

describe("holdReminders", () => {
  async function seedHeld(id: string, fields: DocumentData) {
    await db()
      .doc(`offers/${id}`)
      .set(heldOfferDoc(id, BUYER, NOW, fields));
  }

  it("reminds each buyer once, a few hours before the hold ends, in pages; a rerun reads nothing", async () => {
    for (const [index, id] of ["h1", "h2", "h3", "h4", "h5"].entries()) {
      await seedHeld(id, { holdUntil: at((index + 1) * 30 * MINUTE) });
    }
    await seedHeld("released", { holdUntil: at(HOUR), holdReleasedAt: at(-HOUR) });
    await seedHeld("later", { holdUntil: at(10 * HOUR) });
    // Accepted before the reminder existed: no holdReminderSentAt, never read.
    await seedHeld("older", { holdUntil: at(HOUR), holdReminderSentAt: undefined });
    await db().doc("offers/older").update({ holdReminderSentAt: FieldValue.delete() });

    const reminded = await counted(() => holds.sendHoldReminders(deps({ pageSize: 2 })));
    expect(reminded).toEqual(["h1", "h2", "h3", "h4", "h5"]);
    expect(limits("offers")).toEqual([2]);
    expect(docsRead("offers")).toBe(6); // the five and the released one (left unreminded)
    expect((await db().doc("offers/released").get()).get("holdReminderSentAt")).toBeUndefined();
    expect((await db().doc("offers/h1").get()).get("holdReminderSentAt")).toEqual(Timestamp.fromDate(NOW));
    const notes = await db().collection(`users/${BUYER}/notifications`).get();
    expect(notes.docs.map((doc) => doc.get("kind"))).toEqual(Array(5).fill("hold_ending"));
    expect(notes.docs[0]?.get("title")).toMatch(/^Ritira «Prodotto h\d» entro /);
    expect(outbox).toHaveLength(5);

    // Run again at once: nothing is due any more, nothing read.
    expect(await counted(() => holds.sendHoldReminders(deps({ pageSize: 2 })))).toEqual([]);
    expect(docsRead("offers")).toBe(0);

    // Eight hours on, "later" is within the lead: it alone is read.
    clock = new Date(NOW.getTime() + 8 * HOUR);
    expect(await counted(() => holds.sendHoldReminders(deps({ pageSize: 2 })))).toEqual(["later"]);
    expect(docsRead("offers")).toBe(1);
    expect(outbox).toHaveLength(6);
  });
});

describe("retentionSweep", () => {
  const old = Timestamp.fromDate(new Date("2024-01-01T10:00:00Z"));

  async function seedClosed(id: string, offers: number) {
    await seedRequest(id, { status: "completed", updatedAt: old, createdAt: old });
    for (const [path, data] of closedRequestTree(id, BUYER, offers)) await db().doc(path).set(data);
  }

  it("deletes due requests and their offers and chats in bounded pages; a rerun finds none", async () => {
    for (const id of ["r1", "r2", "r3"]) await seedClosed(id, 3);
    await seedRequest("kept", { status: "completed", updatedAt: at(-DAY) });

    const deleted = await counted(() =>
      retention.runRetention({ db: db(), now: () => clock, pageSize: 2, childPageSize: 2 }),
    );
    expect(deleted.sort()).toEqual(["r1", "r2", "r3"]);
    expect(limits("requests")).toEqual([2]);
    expect(docsRead("requests")).toBe(3);
    expect(limits("offers")).toEqual([2]);
    expect(limits("conversations")).toEqual([2]);
    // 3 offers a request in pages of 2: two pages each (the requests of a page go in parallel).
    expect(
      of("offers")
        .map((query) => query.size)
        .sort(),
    ).toEqual([1, 1, 1, 2, 2, 2]);
    for (const path of ["offers", "conversations"]) {
      expect((await db().collection(path).get()).size).toBe(0);
    }
    expect((await db().collectionGroup("messages").get()).size).toBe(0);
    expect((await db().doc("requests/r1/private/location").get()).exists).toBe(false);
    expect((await db().doc("requests/kept").get()).exists).toBe(true);

    expect(await counted(() => retention.runRetention({ db: db(), now: () => clock, pageSize: 2 }))).toEqual(
      [],
    );
    expect(queries.reduce((sum, query) => sum + query.size, 0)).toBe(0);
  });
});

describe("planReminders", () => {
  it("reads only the plans owed an e-mail this week, in pages, each once, with their addresses in batches", async () => {
    const shops = ["p1", "p2", "p3", "p4", "p5"];
    for (const uid of shops) {
      await seedUserDoc(db(), uid, "merchant");
      await seedTrial(db(), uid, new Date(NOW.getTime() - 25 * DAY)); // ends in 5 days
    }
    await seedUserDoc(db(), "later", "merchant");
    await seedTrial(db(), "later", new Date(NOW.getTime() - 10 * DAY)); // ends in 20 days

    const sent = await counted(() => reminders.sendPlanReminders(deps({ pageSize: 2 })));
    expect(sent.sort()).toEqual(shops);
    expect(outbox).toHaveLength(5);
    expect(limits("subscriptions")).toEqual([2]);
    expect(docsRead("subscriptions")).toBe(5);
    // No subscription read again one by one (sending clears what it owed); each address read once.
    expect(documents.filter((path) => path.startsWith("subscriptions/"))).toEqual([]);
    expect(documents.filter((path) => path.startsWith("users/"))).toHaveLength(5);

    // The next morning: the query finds nothing owed, and no address is read.
    clock = new Date(NOW.getTime() + DAY);
    expect(await counted(() => reminders.sendPlanReminders(deps({ pageSize: 2 })))).toEqual([]);
    expect(docsRead("subscriptions")).toBe(0);
    expect(documents.filter((path) => path.startsWith("users/"))).toEqual([]);
    expect(outbox).toHaveLength(5);
  });
});

describe("emailRetries", () => {
  const offerEvent = (uid: string, offerId: string) =>
    events.offerReceivedEvent({
      customerId: uid,
      offerId,
      merchantName: "Ferramenta Rossi",
      productName: "Trapano",
      price: 10,
    });
  const smtpDown = { send: async () => Promise.reject(new Error("SMTP down")) };
  const tries = (uid: string) => outbox.filter((message) => message.to === `${uid}@example.it`).length;
  const statuses = async () =>
    (await db().collectionGroup("notifications").get()).docs
      .map((doc) => `${doc.ref.parent.parent?.id}:${doc.get("emailStatus")}`)
      .sort();

  it("backs off a failing address, gives it up after its tries, and never lets it hold the others' places", async () => {
    const failing = ["bad1", "bad2", "bad3"];
    for (const uid of [...failing, "good"]) await seedUserDoc(db(), uid, "customer");
    // Each failing user has two e-mails its flow could not send; the good one, one.
    for (const uid of failing) {
      for (const offer of ["o1", "o2"]) {
        await notifyMod.notify({ ...deps(), mail: smtpDown }, offerEvent(uid, `${uid}-${offer}`));
      }
      refused.add(`${uid}@example.it`);
    }
    await notifyMod.notify({ ...deps(), mail: smtpDown }, offerEvent("good", "good-o1"));
    const attempts = (uid: string) => tried.filter((to) => to === `${uid}@example.it`).length;

    clock = new Date(NOW.getTime() + 11 * MINUTE);
    const first = await counted(() => retries.retryPendingEmails(deps({ pageSize: 2 })));
    expect(first).toMatchObject({ sent: 1, failed: 3, postponed: 3 });
    expect(limits("notifications")).toEqual([2]);
    expect(tries("good")).toBe(1);
    // One SMTP try per failing address, not one per e-mail.
    for (const uid of failing) expect(attempts(uid)).toBe(1);

    // Ten minutes on: every failing one waits (leaves both queries), nothing is read or tried.
    clock = new Date(NOW.getTime() + 12 * MINUTE);
    expect(await counted(() => retries.retryPendingEmails(deps({ pageSize: 2 })))).toMatchObject({
      failed: 0,
    });
    expect(docsRead("notifications")).toBe(0);

    // Through the doubling waits (10, 20, 40, 80, 160 minutes) until they are given up, each address
    // with both its e-mails after 6 tries.
    let abandoned = 0;
    for (let step = 0; step < 12 && abandoned < 6; step++) {
      clock = new Date(clock.getTime() + 6 * HOUR);
      abandoned += (await retries.retryPendingEmails(deps({ pageSize: 2 }))).abandoned;
    }
    expect(abandoned).toBe(6);
    for (const uid of failing) expect(attempts(uid)).toBe(6);
    expect(await statuses()).toEqual([
      "bad1:failed",
      "bad1:failed",
      "bad2:failed",
      "bad2:failed",
      "bad3:failed",
      "bad3:failed",
      "good:sent",
    ]);
    // Given up: out of every query.
    clock = new Date(clock.getTime() + DAY);
    await counted(() => retries.retryPendingEmails(deps({ pageSize: 2 })));
    expect(docsRead("notifications")).toBe(0);
  });
});
