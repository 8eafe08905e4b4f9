// The push seam against the Firestore emulator, with the emulators' fake sender (devPushOutbox): a
// published request reaches the device of a shop that hears of it, once, with the offer form's URL; a
// token the push service calls gone is deleted; quiet hours hold the push until the shop opens and then
// send one summary; a bell notification pushed to a device is not e-mailed, and the digest does not
// e-mail what push already carried.

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
type PushModule = typeof import("../../functions/src/fanout/request-push");
type SenderModule = typeof import("../../functions/src/notifications/push-sender");
type TaskModule = typeof import("../../functions/src/notifications/email-task");
type NotifyModule = typeof import("../../functions/src/notifications/notify");
type EventsModule = typeof import("../../functions/src/notifications/events");
type AdminModule = typeof import("../../functions/src/lib/admin");
type DigestTask = import("../../functions/src/fanout/digest-task").DigestTask;

let stack: TestStack;
let restoreEnv: () => void = () => {};
let shopIndex: IndexModule;
let fanOut: FanOutModule;
let digest: DigestModule;
let cellDigest: CellModule;
let requestPush: PushModule;
let sender: SenderModule;
let emailTask: TaskModule;
let notify: NotifyModule;
let events: EventsModule;
let admin: AdminModule;

const db = () => admin.adminDb();
const MILANO = { lat: 45.4642, lng: 9.19 };
// Tuesday 8 December 2026, 10:30 in Rome.
const NOW = new Date("2026-12-08T09:30:00Z");
const ALWAYS_OPEN = undefined;
const CLOSED_TUESDAY = { mon: [{ open: "09:00", close: "19:00" }] };

async function seedShop(uid: string, location: { lat: number; lng: number }, weeklyHours?: object) {
  const user = {
    userType: "merchant",
    location,
    shop: { ...VERIFIED_SHOP, categories: ["casa"] },
    ...(weeklyHours ? { weeklyHours } : {}),
  };
  await seedUserDoc(db(), uid, "merchant", user);
  await shopIndex.syncShopIndex(db(), uid, undefined, user);
}

async function seedDevice(uid: string, id: string, token: string) {
  await db()
    .doc(`users/${uid}/devices/${id}`)
    .set({
      token,
      platform: "local",
      createdAt: Timestamp.fromDate(NOW),
      lastSeenAt: Timestamp.fromDate(NOW),
    });
}

async function outboxOf(uid: string) {
  const page = await db().collection("devPushOutbox").where("uid", "==", uid).get();
  return page.docs.map((doc) => doc.data());
}

/** Publishes `request` and runs the push tasks it queued, as the task queue would; returns the other tasks. */
async function publish(request: ReachableRequest, productName: string) {
  const tasks = new Map<string, { payload: DigestTask; delay: number | undefined }>();
  const queue = digest.digestQueueOver(
    {
      async enqueue(payload, options) {
        const id = options?.id ?? String(tasks.size);
        if (!tasks.has(id)) tasks.set(id, { payload, delay: options?.scheduleDelaySeconds });
      },
    },
    () => NOW,
  );
  await fanOut.fanOutRequest({ db: db(), now: () => NOW, digests: queue }, request, productName);
  const deps = { db: db(), now: () => NOW, push: sender.outboxPushSender(db(), () => NOW), queue };
  const pushTasks = [...tasks.values()].filter(({ payload }) => "cell" in payload && payload.requestId);
  for (const { payload } of pushTasks)
    if ("cell" in payload)
      await cellDigest.reachCell(
        {
          db: db(),
          onReach: async (uids, _key, requests) => {
            if (requests[0]) await requestPush.pushNewRequest(deps, uids, requests[0]);
          },
        },
        payload,
      );
  return [...tasks.values()].filter(({ payload }) => "opening" in payload);
}

const request = (id: string): ReachableRequest => ({
  id,
  customerId: "buyer",
  category: "casa",
  actionRadius: 10,
  location: MILANO,
});

beforeAll(async () => {
  stack = await startStack(DATA_LAYER);
  restoreEnv = overrideEnv({
    FIRESTORE_EMULATOR_HOST: stack.hosts.firestore,
    GCLOUD_PROJECT: stack.projectId,
    METADATA_SERVER_DETECTION: "none",
  });
  [shopIndex, fanOut, digest, cellDigest, requestPush, sender, emailTask, notify, events, admin] =
    await Promise.all([
      import("../../functions/src/fanout/shop-index"),
      import("../../functions/src/fanout/request-fanout"),
      import("../../functions/src/fanout/digest-task"),
      import("../../functions/src/fanout/cell-digest"),
      import("../../functions/src/fanout/request-push"),
      import("../../functions/src/notifications/push-sender"),
      import("../../functions/src/notifications/email-task"),
      import("../../functions/src/notifications/notify"),
      import("../../functions/src/notifications/events"),
      import("../../functions/src/lib/admin"),
    ]);
}, 180_000);

afterAll(async () => {
  if (admin) await deleteApp(admin.adminApp());
  await stopStack();
  restoreEnv();
});

beforeEach(async () => {
  await stack.resetData();
});

describe("a new request on the shops' devices", () => {
  it("reaches the device of a shop that hears of it, once, opening the offer form; not a shop far away", async () => {
    await seedShop("near", MILANO, ALWAYS_OPEN);
    await seedShop("far", { lat: 41.9, lng: 12.5 }, ALWAYS_OPEN);
    await seedDevice("near", "phone", "local-near");
    await seedDevice("far", "phone", "local-far");

    await publish(request("req-1"), "bicicletta da città");
    await publish(request("req-1"), "bicicletta da città"); // the trigger delivered twice

    expect(await outboxOf("near")).toEqual([
      expect.objectContaining({
        deviceId: "phone",
        token: "local-near",
        message: {
          title: "Nuova richiesta vicino a te: Bicicletta da città",
          body: "Tocca per fare la tua offerta.",
          url: "/make-offer/req-1?origin=notifica",
          kind: "new_request",
          tag: "new_request-req-1",
        },
      }),
    ]);
    expect(await outboxOf("far")).toEqual([]);
  });

  it("a shop that switched new requests off in /profile gets no push", async () => {
    await seedShop("quiet", MILANO, ALWAYS_OPEN);
    await seedDevice("quiet", "phone", "local-quiet");
    await db()
      .doc("users/quiet/notificationSettings/preferences")
      .set({ email: {}, push: { new_request: false } });
    await publish(request("req-2"), "Lampada");
    expect(await outboxOf("quiet")).toEqual([]);
  });

  it("deletes a device whose token the push service reports gone, and keeps the live one", async () => {
    await seedShop("moved", MILANO, ALWAYS_OPEN);
    await seedDevice("moved", "old-laptop", "fcm-token-of-a-reinstalled-browser");
    await seedDevice("moved", "phone", "local-moved");
    await publish(request("req-3"), "Tenda");
    expect((await db().doc("users/moved/devices/old-laptop").get()).exists).toBe(false);
    expect((await db().doc("users/moved/devices/phone").get()).exists).toBe(true);
    expect((await outboxOf("moved")).map((sent) => sent.deviceId)).toEqual(["phone"]);
  });

  it("quiet hours: a closed shop hears nothing now, and one summary at its opening", async () => {
    await seedShop("closed", MILANO, CLOSED_TUESDAY);
    await seedDevice("closed", "phone", "local-closed");
    await publish(request("req-4"), "Scala");
    const openings = await publish(request("req-5"), "Sedia");
    expect(await outboxOf("closed")).toEqual([]);
    // Due on Monday 14 December at 09:00 in Rome (08:00 UTC), queued once for both requests.
    expect(openings).toEqual([
      {
        payload: { uid: "closed", opening: "20261214T0800" },
        delay: (new Date("2026-12-14T08:00:00Z").getTime() - NOW.getTime()) / 1000,
      },
    ]);
    const opening = { uid: "closed", opening: "20261214T0800" };
    const push = sender.outboxPushSender(db(), () => NOW);
    expect(await requestPush.pushOpeningSummary({ db: db(), push }, opening)).toBe(1);
    expect(await requestPush.pushOpeningSummary({ db: db(), push }, opening)).toBe(0); // a repeated task
    expect((await outboxOf("closed")).map((sent) => sent.message)).toEqual([
      expect.objectContaining({ title: "2 nuove richieste vicino a te", url: "/browse" }),
    ]);
  });
});

describe("e-mail is the fallback of push", () => {
  const sentMail: string[] = [];
  const mail = { send: async (message: { to: string }) => void sentMail.push(message.to) };

  it("a new offer pushed to the buyer's device is not e-mailed; without a device it is", async () => {
    sentMail.length = 0;
    await seedUserDoc(db(), "with-phone", "customer");
    await seedUserDoc(db(), "no-phone", "customer");
    await seedDevice("with-phone", "phone", "local-buyer");
    const push = sender.outboxPushSender(db(), () => NOW);
    for (const uid of ["with-phone", "no-phone"]) {
      const event = events.offerReceivedEvent({
        customerId: uid,
        offerId: `req_${uid}`,
        merchantName: "Ferramenta Rossi",
        productName: "Trapano",
        price: 25,
      });
      await notify.notify({ db: db(), now: () => NOW }, event);
      const path = notify.notificationRefFor(db(), event).path;
      await emailTask.deliverQueuedEmail({ db: db(), now: () => NOW, mail, push }, { path });
      await emailTask.deliverQueuedEmail({ db: db(), now: () => NOW, mail, push }, { path }); // retried
    }
    expect((await outboxOf("with-phone")).map((sent) => sent.message)).toEqual([
      expect.objectContaining({ title: "Nuova offerta per «Trapano»", url: "/messages/req_with-phone" }),
    ]);
    expect(sentMail).toEqual(["no-phone@example.it"]);
  });

  it("the digest does not e-mail requests push already carried, and e-mails those it did not", async () => {
    await seedShop("pushed", MILANO, ALWAYS_OPEN);
    await seedShop("unpushed", { lat: 45.465, lng: 9.191 }, ALWAYS_OPEN);
    await seedDevice("pushed", "phone", "local-pushed");
    await publish(request("req-6"), "Armadio");
    const deps = { db: db(), now: () => NOW };
    for (const uid of ["pushed", "unpushed"])
      expect(await digest.deliverShopDigest(deps, { uid, windowKey: "2026-12-08T09" })).toBe(1);
    const status = async (uid: string) =>
      (await db().doc(`users/${uid}/notifications/requests_nearby-2026-12-08T09`).get()).get("emailStatus");
    expect(await status("pushed")).toBe("skipped");
    expect(await status("unpushed")).toBe("pending");
  });
});
