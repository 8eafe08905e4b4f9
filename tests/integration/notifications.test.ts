// Notifications against the Firestore emulator, through the functions' own code with an injected clock
// and real e-mail over SMTP (a local sink): every event writes its notification once (a retried flow, a
// redelivered trigger or a second run of a sweep writes nothing more and sends no second e-mail), e-mails
// follow the user's preferences and the rate limits (a message e-mail at most once per conversation an
// hour, and only to a recipient away for 10 minutes; one digest an hour), and each e-mail carries the
// link to its screen and a working one-click unsubscribe.

import { deleteApp } from "firebase-admin/app";
import { type DocumentData, Timestamp } from "firebase-admin/firestore";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { COLLECTIONS } from "../../src/domain/core/collections";
import { overrideEnv, rejection } from "../support/callables";
import { EARLIER, seedUserDoc, seenTerms, VERIFIED_SHOP } from "../support/integration-seed";
import { seedTrial } from "../support/plans";
import { DATA_LAYER, startStack, stopStack, type TestStack } from "../support/stack";
import { type SmtpSink, startSmtpSink } from "./auth-smtp-sink";

type NotifyModule = typeof import("../../functions/src/notifications/notify");
type SweepsModule = typeof import("../../functions/src/notifications/sweeps");
type RetriesModule = typeof import("../../functions/src/notifications/email-retries");
type EventsModule = typeof import("../../functions/src/notifications/events");
type TriggerModule = typeof import("../../functions/src/notifications/message-trigger");
type UnsubscribeModule = typeof import("../../functions/src/notifications/unsubscribe");
type SubmitModule = typeof import("../../functions/src/offers/submit-offer");
type AcceptModule = typeof import("../../functions/src/deals/accept-offer");
type RejectModule = typeof import("../../functions/src/deals/reject-offer");
type SendModule = typeof import("../../functions/src/email/smtp-transport");
type AdminModule = typeof import("../../functions/src/lib/admin");

const APP_URL = "http://127.0.0.1:5173";
let stack: TestStack;
let smtp: SmtpSink;
let restoreEnv: () => void = () => {};
let notifyMod: NotifyModule;
let sweeps: SweepsModule;
let retries: RetriesModule;
let events: EventsModule;
let trigger: TriggerModule;
let unsub: UnsubscribeModule;
let submit: SubmitModule;
let accept: AcceptModule;
let reject: RejectModule;
let send: SendModule;
let admin: AdminModule;

const db = () => admin.adminDb();
const BUYER = "buyer";
const SHOP = "shop";
const OTHER_SHOP = "other-shop";
const REQUEST = "req";
const OFFER = `${REQUEST}_${SHOP}`;
const MINUTE = 60 * 1000;
const MILANO = { lat: 45.4642, lng: 9.19 };

let clock = new Date();
const deps = () => ({ db: db(), now: () => clock, mail: send.smtpTransport });

const seedUser = (uid: string, userType: "customer" | "merchant", fields: DocumentData = {}) =>
  seedUserDoc(db(), uid, userType, fields);

const VERIFIED = {
  shop: VERIFIED_SHOP,
  location: MILANO,
};

async function notificationsOf(uid: string) {
  return (await db().collection(`users/${uid}/notifications`).get()).docs.map((doc) => ({
    id: doc.id,
    ...doc.data(),
  })) as Array<DocumentData & { id: string }>;
}

const mailsTo = (uid: string) =>
  smtp.emails.filter((email) => email.recipients.includes(`${uid}@example.it`));

/** E-mail goes right after the callable's commit: give the SMTP round trip a moment. */
async function settle(ms = 300) {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

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
    APP_URL,
  });
  [notifyMod, sweeps, retries, events, trigger, unsub, submit, accept, reject, send, admin] =
    await Promise.all([
      import("../../functions/src/notifications/notify"),
      import("../../functions/src/notifications/sweeps"),
      import("../../functions/src/notifications/email-retries"),
      import("../../functions/src/notifications/events"),
      import("../../functions/src/notifications/message-trigger"),
      import("../../functions/src/notifications/unsubscribe"),
      import("../../functions/src/offers/submit-offer"),
      import("../../functions/src/deals/accept-offer"),
      import("../../functions/src/deals/reject-offer"),
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
  clock = new Date();
  await seedUser(BUYER, "customer", { displayName: "Anna Bianchi" });
  await seedUser(SHOP, "merchant", { displayName: "Mario", businessName: "Ferramenta Rossi", ...VERIFIED });
  await seedUser(OTHER_SHOP, "merchant", { businessName: "Casa Verdi", ...VERIFIED });
  await Promise.all([seedTrial(db(), SHOP), seedTrial(db(), OTHER_SHOP)]);
  await db().doc(`requests/${REQUEST}`).set({
    customerId: BUYER,
    productName: "Trapano avvitatore",
    category: "casa",
    status: "active",
    actionRadius: 10,
    location: MILANO,
    createdAt: EARLIER,
    updatedAt: EARLIER,
  });
});

const TERMS = { requestId: REQUEST, price: 89.5, description: "Con garanzia", deliveryOptions: ["pickup"] };
const submitAs = (uid: string) => submit.submitOfferCall(uid, TERMS, deps());

describe("a new offer → the buyer", () => {
  it("writes one notification and sends one e-mail with the link and the one-click unsubscribe, even when retried", async () => {
    await submitAs(SHOP);
    await settle();
    // A retried submit is refused by the offer's own id; a retried notify finds the notification.
    expect(await rejection(submitAs(SHOP))).toMatchObject({ code: "already-exists" });
    const again = await notifyMod.notify(
      deps(),
      (await import("../../functions/src/notifications/events")).offerReceivedEvent({
        customerId: BUYER,
        offerId: OFFER,
        merchantName: "Ferramenta Rossi",
        productName: "Trapano avvitatore",
        price: 89.5,
      }),
    );
    expect(again).toEqual({ created: false, email: "already" });

    const notes = await notificationsOf(BUYER);
    expect(notes).toEqual([
      expect.objectContaining({
        id: `offer_received-${OFFER}`,
        kind: "offer_received",
        title: "Nuova offerta per «Trapano avvitatore»",
        link: `/messages/${OFFER}`,
        readAt: null,
        emailStatus: "sent",
      }),
    ]);
    expect(notes[0]?.body).toContain("Ferramenta Rossi");
    const mails = mailsTo(BUYER);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe("Nuova offerta per «Trapano avvitatore»");
    expect(mail.text).toContain(`${APP_URL}/messages/${OFFER}`);
    expect(mail.raw).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    const link = /List-Unsubscribe: <([^>]+)>/.exec(mail.raw.replace(/\r?\n[ \t]+/g, " "))?.[1];
    expect(link).toMatch(new RegExp(`^${APP_URL}/api/unsubscribe\\?token=`));

    // The one-click link switches this kind off; a tampered token changes nothing.
    const token = new URL(link!).searchParams.get("token")!;
    expect(await unsub.unsubscribe(db(), `${token}x`)).toBe(false);
    expect(await unsub.unsubscribe(db(), token)).toBe(true);
    expect((await db().doc(`users/${BUYER}/notificationSettings/preferences`).get()).data()?.email).toEqual({
      offer_received: false,
    });
    // The conversation counts as unread for the buyer, and the notification as new on the bell.
    expect((await db().collection(COLLECTIONS.unreadCounts).doc(BUYER).get()).data()).toEqual({
      conversations: { [OFFER]: { offer: true } },
      notifications: 1,
      // When the functions counted (a page's first snapshot compares it with its reads).
      changedAt: expect.anything(),
    });
  });

  it("respects the buyer's preferences: the notification is in the app, no e-mail", async () => {
    await db()
      .doc(`users/${BUYER}/notificationSettings/preferences`)
      .set({ email: { offer_received: false } });
    await submitAs(SHOP);
    await settle();
    expect(await notificationsOf(BUYER)).toEqual([expect.objectContaining({ emailStatus: "skipped" })]);
    expect(mailsTo(BUYER)).toHaveLength(0);
  });
});

describe("accepting and rejecting → the shops", () => {
  it("tells the winner it was accepted and the other shop it was not, once each", async () => {
    await submitAs(SHOP);
    await submit.submitOfferCall(OTHER_SHOP, { ...TERMS, price: 95 }, deps());
    await accept.acceptOfferCall(BUYER, { offerId: OFFER, terms: await seenTerms(db(), OFFER) }, deps());
    await settle();
    expect(await notificationsOf(SHOP)).toEqual([
      expect.objectContaining({
        id: `offer_accepted-${OFFER}`,
        title: "Offerta accettata: «Trapano avvitatore»",
      }),
    ]);
    expect(await notificationsOf(OTHER_SHOP)).toEqual([
      expect.objectContaining({ id: `offer_rejected-${REQUEST}_${OTHER_SHOP}`, kind: "offer_rejected" }),
    ]);
    expect(mailsTo(SHOP)).toHaveLength(1);
    expect(mailsTo(OTHER_SHOP)).toHaveLength(1);
  });

  it("tells the shop its offer was turned down, with the reason", async () => {
    await submitAs(SHOP);
    await reject.rejectOfferCall(BUYER, { offerId: OFFER, reason: "Troppo caro" }, deps());
    await settle();
    const [note] = await notificationsOf(SHOP);
    expect(note).toMatchObject({ kind: "offer_rejected", link: "/offers" });
    expect(note?.body).toContain("Troppo caro");
    expect(mailsTo(SHOP)).toHaveLength(1);
  });
});

describe("a new message → the other participant, when away", () => {
  const message = (id: string, content = "È ancora disponibile?") => ({
    conversationId: OFFER,
    messageId: id,
    senderId: BUYER,
    senderName: "Anna Bianchi",
    content,
  });
  const seen = (uid: string, at: Date) =>
    db()
      .doc(`users/${uid}/notificationSettings/presence`)
      .set({ lastSeenAt: Timestamp.fromDate(at) });

  beforeEach(async () => {
    await submitAs(SHOP);
    await settle();
    smtp.clear();
  });

  it("nothing while the recipient was in the app within 10 minutes", async () => {
    await seen(SHOP, new Date(clock.getTime() - 5 * MINUTE));
    expect(await trigger.notifyNewMessage(deps(), message("m1"))).toBe("present");
    expect(await notificationsOf(SHOP)).toEqual([]);
  });

  it("one notification per message, one e-mail per conversation an hour, redeliveries write nothing", async () => {
    await seen(SHOP, new Date(clock.getTime() - 11 * MINUTE));
    expect(await trigger.notifyNewMessage(deps(), message("m1"))).toBe("notified");
    await trigger.notifyNewMessage(deps(), message("m1")); // the trigger delivered twice
    clock = new Date(clock.getTime() + 30 * MINUTE);
    await trigger.notifyNewMessage(deps(), message("m2", "Passo domani"));
    let notes = await notificationsOf(SHOP);
    expect(notes.map((note) => [note.id, note.emailStatus]).sort()).toEqual([
      [`message_received-${OFFER}-m1`, "sent"],
      [`message_received-${OFFER}-m2`, "skipped"],
    ]);
    expect(mailsTo(SHOP)).toHaveLength(1);
    expect(mailsTo(SHOP)[0]?.subject).toBe("Nuovo messaggio da Anna Bianchi");

    clock = new Date(clock.getTime() + 31 * MINUTE);
    await trigger.notifyNewMessage(deps(), message("m3", "A che ora chiudete?"));
    notes = await notificationsOf(SHOP);
    expect(notes).toHaveLength(3);
    expect(mailsTo(SHOP)).toHaveLength(2);
  });
});

describe("e-mails their flow could not send → the emailRetries sweep", () => {
  const smtpDown = { send: async () => Promise.reject(new Error("SMTP down")) };
  const offerEvent = () =>
    events.offerReceivedEvent({
      customerId: BUYER,
      offerId: OFFER,
      merchantName: "Ferramenta Rossi",
      productName: "Trapano avvitatore",
      price: 89.5,
    });
  const later = (minutes: number) => ({ ...deps(), now: () => new Date(clock.getTime() + minutes * MINUTE) });

  it("sends a failed e-mail once, after its flow had its chance, and never twice", async () => {
    expect(await notifyMod.notify({ ...deps(), mail: smtpDown }, offerEvent())).toEqual({
      created: true,
      email: "failed",
    });
    expect((await notificationsOf(BUYER))[0]?.emailStatus).toBe("pending");
    // Five minutes on, the flow might still be at it: the sweep leaves it.
    expect(await retries.retryPendingEmails(later(5))).toMatchObject({ sent: 0 });
    expect(await retries.retryPendingEmails(later(11))).toMatchObject({ sent: 1 });
    expect(await retries.retryPendingEmails(later(21))).toMatchObject({ sent: 0, already: 0 });
    expect(mailsTo(BUYER)).toHaveLength(1);
    expect((await notificationsOf(BUYER))[0]?.emailStatus).toBe("sent");
  });

  it("takes over an e-mail whose function stopped after claiming it, and leaves a day-old one", async () => {
    await notifyMod.notify({ ...deps(), mail: smtpDown }, offerEvent());
    const [note] = await notificationsOf(BUYER);
    await db()
      .doc(`users/${BUYER}/notifications/${note?.id}`)
      .update({ emailStatus: "sending", emailClaimedAt: Timestamp.fromDate(clock) });
    expect(await retries.retryPendingEmails(later(24 * 60 + 1))).toMatchObject({ sent: 0 });
    expect(await retries.retryPendingEmails(later(12))).toMatchObject({ sent: 1 });
    expect(mailsTo(BUYER)).toHaveLength(1);
  });

  it("a message e-mail that failed is retried despite the throttle its own claim set; the next message waits", async () => {
    await submitAs(SHOP);
    await settle();
    smtp.clear();
    const message = (id: string) => ({
      conversationId: OFFER,
      messageId: id,
      senderId: BUYER,
      senderName: "Anna Bianchi",
      content: "È ancora disponibile?",
    });
    expect(await trigger.notifyNewMessage({ ...deps(), mail: smtpDown }, message("m1"))).toBe("notified");
    expect(await retries.retryPendingEmails(later(11))).toMatchObject({ sent: 1 });
    clock = new Date(clock.getTime() + 15 * MINUTE);
    await trigger.notifyNewMessage(deps(), message("m2"));
    const statuses = (await notificationsOf(SHOP)).map((note) => [note.id, note.emailStatus]).sort();
    expect(statuses).toEqual([
      [`message_received-${OFFER}-m1`, "sent"],
      [`message_received-${OFFER}-m2`, "skipped"],
    ]);
    expect(mailsTo(SHOP)).toHaveLength(1);
  });
});

describe("a request about to expire → the buyer", () => {
  it("warns once per expiry date, within the last 24 hours only", async () => {
    clock = new Date("2026-11-25T10:00:00Z");
    const expiresIn = (hours: number) => Timestamp.fromMillis(clock.getTime() + hours * 60 * MINUTE);
    await db()
      .doc(`requests/${REQUEST}`)
      .update({ expiresAt: expiresIn(20) });
    await db()
      .doc("requests/later")
      .set({
        customerId: BUYER,
        productName: "Bici",
        status: "active",
        createdAt: EARLIER,
        expiresAt: expiresIn(40),
      });
    expect(await sweeps.sendExpiryWarnings(deps())).toEqual([REQUEST]);
    await sweeps.sendExpiryWarnings(deps());
    const notes = await notificationsOf(BUYER);
    expect(notes).toEqual([
      expect.objectContaining({
        kind: "request_expiring",
        title: "La tua richiesta «Trapano avvitatore» scade presto",
        link: "/requests",
      }),
    ]);
    expect(mailsTo(BUYER)).toHaveLength(1);
  });
});
