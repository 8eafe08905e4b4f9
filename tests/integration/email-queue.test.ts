// Notification e-mails out of the request path: with the task queue, a callable commits and
// returns without touching SMTP; the queued tasks then deliver each e-mail once, over real SMTP (a local
// sink), and a failed delivery is retried by the queue instead of being lost.

import { deleteApp } from "firebase-admin/app";
import type { DocumentData } from "firebase-admin/firestore";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { overrideEnv } from "../support/callables";
import { EARLIER, seedUserDoc, seenTerms, VERIFIED_SHOP } from "../support/integration-seed";
import { seedTrial } from "../support/plans";
import { DATA_LAYER, startStack, stopStack, type TestStack } from "../support/stack";
import { type SmtpSink, startSmtpSink } from "./auth-smtp-sink";

type QueueModule = typeof import("../../functions/src/notifications/email-queue");
type TaskModule = typeof import("../../functions/src/notifications/email-task");
type SubmitModule = typeof import("../../functions/src/offers/submit-offer");
type AcceptModule = typeof import("../../functions/src/deals/accept-offer");
type TransportModule = typeof import("../../functions/src/email/smtp-transport");
type AdminModule = typeof import("../../functions/src/lib/admin");
type EmailTask = import("../../functions/src/notifications/email-queue").EmailTask;

let stack: TestStack;
let smtp: SmtpSink;
let restoreEnv: () => void = () => {};
let queueMod: QueueModule;
let task: TaskModule;
let submit: SubmitModule;
let accept: AcceptModule;
let transport: TransportModule;
let admin: AdminModule;

const db = () => admin.adminDb();
const BUYER = "buyer";
const SHOPS = ["shop-1", "shop-2", "shop-3", "shop-4", "shop-5", "shop-6"];
const REQUEST = "req";
const MILANO = { lat: 45.4642, lng: 9.19 };
const TERMS = { requestId: REQUEST, price: 89.5, description: "Con garanzia", deliveryOptions: ["pickup"] };

/**
 * A Cloud Tasks stand-in that records what is enqueued. E-mail tasks carry no name: Cloud Tasks refuses
 * a name for an hour after its task ran, even for a notification written anew (deliverEmail's claim is
 * what sends each e-mail once).
 */
function recordingQueue() {
  const tasks = new Map<string, EmailTask>();
  return {
    tasks,
    queue: queueMod.emailQueueOver({
      async enqueue(payload, options) {
        expect(options?.id).toBeUndefined();
        tasks.set(String(tasks.size), payload);
      },
    }),
  };
}

/** A transport that fails the test if anything is sent through it. */
const noSmtp = {
  send: async () => {
    throw new Error("the request path must not send e-mail");
  },
};

beforeAll(async () => {
  [stack, smtp] = await Promise.all([startStack(DATA_LAYER), startSmtpSink()]);
  restoreEnv = overrideEnv({
    FIRESTORE_EMULATOR_HOST: stack.hosts.firestore,
    GCLOUD_PROJECT: stack.projectId,
    METADATA_SERVER_DETECTION: "none",
    SMTP_HOST: smtp.host,
    SMTP_PORT: String(smtp.port),
    SMTP_SECURE: "false",
    MAIL_FROM: "Vicino <noreply@vicino.test>",
    APP_URL: "http://127.0.0.1:5173",
  });
  [queueMod, task, submit, accept, transport, admin] = await Promise.all([
    import("../../functions/src/notifications/email-queue"),
    import("../../functions/src/notifications/email-task"),
    import("../../functions/src/offers/submit-offer"),
    import("../../functions/src/deals/accept-offer"),
    import("../../functions/src/email/smtp-transport"),
    import("../../functions/src/lib/admin"),
  ]);
});

afterAll(async () => {
  if (admin) await deleteApp(admin.adminApp());
  await Promise.all([stopStack(), smtp?.stop()]);
  restoreEnv();
});

beforeEach(async () => {
  await stack.resetData();
  smtp.clear();
  await seedUserDoc(db(), BUYER, "customer", { displayName: "Anna Bianchi" });
  for (const shop of SHOPS) {
    await seedUserDoc(db(), shop, "merchant", {
      businessName: `Negozio ${shop}`,
      shop: VERIFIED_SHOP,
      location: MILANO,
    });
    await seedTrial(db(), shop);
  }
  await db()
    .doc(`requests/${REQUEST}`)
    .set({
      customerId: BUYER,
      productName: "Trapano avvitatore",
      category: "casa",
      status: "active",
      actionRadius: 10,
      location: MILANO,
      createdAt: EARLIER,
      updatedAt: EARLIER,
    } satisfies DocumentData);
});

const now = () => new Date();

describe("notification e-mails through the task queue", () => {
  it("acceptOffer with 5 other pending offers returns before any e-mail is sent; the tasks then send each once", async () => {
    const offers = recordingQueue();
    for (const shop of SHOPS) {
      await submit.submitOfferCall(shop, TERMS, { db: db(), now, emailQueue: offers.queue, mail: noSmtp });
    }
    // Each new offer's e-mail to the buyer was queued, none sent.
    expect(offers.tasks.size).toBe(SHOPS.length);
    expect(smtp.emails).toHaveLength(0);

    const deal = recordingQueue();
    await accept.acceptOfferCall(
      BUYER,
      {
        offerId: `${REQUEST}_${SHOPS[0]}`,
        terms: await seenTerms(db(), `${REQUEST}_${SHOPS[0]}`),
      },
      {
        db: db(),
        now,
        emailQueue: deal.queue,
        mail: noSmtp,
      },
    );
    // The winner and the five rejected shops: six e-mails queued, nothing sent yet.
    const paths = [...deal.tasks.values()].map((queued) => queued.path).sort();
    expect(paths).toEqual(
      SHOPS.map((shop) => expect.stringMatching(new RegExp(`^users/${shop}/notifications/`))),
    );
    expect(smtp.emails).toHaveLength(0);

    const deps = { db: db(), now, mail: transport.smtpTransport };
    for (const queued of deal.tasks.values()) {
      expect(await task.deliverQueuedEmail(deps, queued)).toBe("sent");
    }
    expect(smtp.emails.flatMap((email) => email.recipients).sort()).toEqual(
      SHOPS.map((shop) => `${shop}@example.it`).sort(),
    );
    // Cloud Tasks may deliver a task twice: the second run finds it sent.
    const first = [...deal.tasks.values()][0] as EmailTask;
    expect(await task.deliverQueuedEmail(deps, first)).toBe("already");
    expect(smtp.emails).toHaveLength(SHOPS.length);
  });

  it("a delivery that fails is thrown back to the queue for a retry and sent by the next attempt", async () => {
    const offers = recordingQueue();
    await submit.submitOfferCall(SHOPS[0] as string, TERMS, { db: db(), now, emailQueue: offers.queue });
    const queued = [...offers.tasks.values()][0] as EmailTask;
    const down = { send: async () => Promise.reject(new Error("SMTP down")) };
    await expect(task.deliverQueuedEmail({ db: db(), now, mail: down }, queued)).rejects.toBeInstanceOf(
      task.EmailDeliveryRetry,
    );
    expect((await db().doc(queued.path).get()).get("emailStatus")).toBe("pending");
    expect(await task.deliverQueuedEmail({ db: db(), now, mail: transport.smtpTransport }, queued)).toBe(
      "sent",
    );
    expect(smtp.emails.map((email) => email.recipients)).toEqual([[`${BUYER}@example.it`]]);
  });

  it("a task holds only the notification's path, and a malformed path is refused", () => {
    expect(queueMod.emailTaskSchema.safeParse({ path: "users/u1/notifications/offer_new-x" }).success).toBe(
      true,
    );
    expect(queueMod.emailTaskSchema.safeParse({ path: "requests/r1" }).success).toBe(false);
    expect(queueMod.emailTaskSchema.safeParse({ path: "users/u1/notifications/a/b" }).success).toBe(false);
  });
});
