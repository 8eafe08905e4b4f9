// Shops' plans and payments against the test stack's Firestore emulator, with the real `stripe` SDK
// talking to a local fake Stripe (tests/support/fake-stripe.ts) and webhooks delivered as Stripe signs
// them: the free month from verifyShop, Checkout for the monthly plan, the launch offer and token packs,
// renewals, failed payments, cancel at period end and resume, expiry, launch codes, and the webhook's
// guarantees (signature, exactly once, events out of order never resurrect a cancelled plan).

import { deleteApp } from "firebase-admin/app";
import { type DocumentData, Timestamp } from "firebase-admin/firestore";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SimulatedVies } from "../../functions/src/shops/simulated-vies";
import { PLAN_MESSAGES } from "../../src/domain/billing/plan-messages";
import { planStatus, type Subscription, subscriptionSchema } from "../../src/domain/billing/plans";
import { FAILURE_REASONS } from "../../src/domain/boundary/errors";
import { callableRequest, overrideEnv, rejection } from "../support/callables";
import { type FakeStripe, MONTH_S, type StripeEvent, signed, startFakeStripe } from "../support/fake-stripe";
import { partitaIvaOf } from "../support/integration-seed";
import { DATA_LAYER, startStack, stopStack, type TestStack } from "../support/stack";

type CheckoutModule = typeof import("../../functions/src/billing/checkout");
type ManageModule = typeof import("../../functions/src/billing/manage");
type WebhookModule = typeof import("../../functions/src/billing/webhook");
type GatewayModule = typeof import("../../functions/src/billing/gateway");
type VerifyModule = typeof import("../../functions/src/shops/verify-shop");
type ReviewsModule = typeof import("../../functions/src/shops/shop-reviews");
type SubmitModule = typeof import("../../functions/src/offers/submit-offer");
type AdminModule = typeof import("../../functions/src/lib/admin");
type RemindersModule = typeof import("../../functions/src/billing/reminders");
type RecordModule = typeof import("../../functions/src/profiles/user-record");

let stack: TestStack;
let stripe: FakeStripe;
let checkout: CheckoutModule;
let manage: ManageModule;
let webhook: WebhookModule;
let gateway: GatewayModule;
let verify: VerifyModule;
let reviews: ReviewsModule;
let submit: SubmitModule;
let admin: AdminModule;
let record: RecordModule;
let reminders: RemindersModule;
let restoreEnv: () => void = () => {};

const SECRET = "whsec_test_billing";
const DAY = 24 * 60 * 60 * 1000;
const T0 = new Date("2026-03-02T09:00:00Z");
const at = (days: number) => new Date(T0.getTime() + days * DAY);
const secs = (date: Date) => Math.floor(date.getTime() / 1000);
const db = () => admin.adminDb();

function deps(now: Date) {
  return {
    db: db(),
    gateway: new gateway.StripeGateway(
      gateway.stripeClient("sk_test_fake", { host: stripe.host, port: stripe.port, protocol: "http" }),
    ),
    now: () => now,
    appUrl: "https://vicino.test",
    prices: {},
  };
}

/** Stripe delivers events to the webhook, signed. */
async function deliver(events: StripeEvent[], now: Date) {
  const outcomes = [];
  for (const event of events) {
    const { payload, header } = signed(event, SECRET);
    outcomes.push(await webhook.handleWebhook(payload, header, { db: db(), secret: SECRET, now: () => now }));
  }
  return outcomes.map((outcome) => outcome.result);
}

async function subscription(uid: string): Promise<Subscription | undefined> {
  const data = (await db().doc(`subscriptions/${uid}`).get()).data();
  return data ? subscriptionSchema.parse(record.fromFirestore(data)) : undefined;
}

async function payments(uid: string): Promise<DocumentData[]> {
  return (await db().collection(`subscriptions/${uid}/payments`).get()).docs.map((doc) => doc.data());
}

const SHOP_INPUT = {
  businessName: "Ferramenta Rossi",
  partitaIva: "00743110157",
  address: "Via Roma 1, Milano",
  position: { lat: 45.46, lng: 9.19, zone: "Milano" },
  categories: ["casa"],
};

/** A merchant account that verifyShop verifies at `when` and the review approves: its free month starts. */
async function newShop(uid: string, when: Date, zone = "Milano"): Promise<void> {
  await db()
    .doc(`users/${uid}`)
    .set({
      id: uid,
      uid,
      email: `${uid}@example.it`,
      displayName: uid,
      userType: "merchant",
      createdAt: Timestamp.fromDate(when),
    });
  const input = { ...SHOP_INPUT, partitaIva: partitaIvaOf(uid), position: { ...SHOP_INPUT.position, zone } };
  await verify.verifyShopFor(uid, input as never, {
    db: db(),
    now: () => when,
    emailProven: async () => true,
    vies: new SimulatedVies(),
  });
  // The pilot's review approves it: the free month starts then.
  await reviews.decideShopReviewFor(
    "admin",
    { uid, decision: "approve" },
    { db: db(), now: () => when, mail: { send: async () => {} } },
  );
}

async function seedRequest(id: string): Promise<void> {
  await db()
    .doc(`requests/${id}`)
    .set({
      customerId: "buyer",
      productName: "Trapano",
      status: "active",
      // Within the shops' reach (Via Roma 1, Milano): submitOffer checks the request is in the area.
      actionRadius: 10,
      location: { lat: 45.465, lng: 9.19, address: "Milano" },
      createdAt: Timestamp.fromDate(T0),
      updatedAt: Timestamp.fromDate(T0),
    });
}

function offer(uid: string, requestId: string, now: Date) {
  return submit.submitOfferFor(
    uid,
    {
      requestId,
      price: 50,
      description: "Disponibile",
      deliveryOptions: ["pickup"],
      aiGenerated: false,
    } as never,
    { db: db(), now: () => now },
  );
}

/** The monthly checkout, paid on the fake Stripe at `when`: the subscription's id. */
async function subscribeMonthly(uid: string, when: Date): Promise<string> {
  const session = await checkout.startCheckoutFor(uid, { kind: "monthly" }, deps(when));
  const events = stripe.completeCheckout(session.sessionId, secs(when));
  await deliver(events, when);
  return (stripe.sessions.get(session.sessionId)?.subscription as string) ?? "";
}

async function issueCode(code: string, fields: DocumentData = {}): Promise<void> {
  await db()
    .doc(`launchCodes/${code}`)
    .set({
      code,
      city: "Milano",
      expiresAt: Timestamp.fromDate(at(60)),
      usedBy: null,
      usedAt: null,
      ...fields,
    });
}

beforeAll(async () => {
  [stack, stripe] = await Promise.all([startStack(DATA_LAYER), startFakeStripe()]);
  restoreEnv = overrideEnv({
    FIRESTORE_EMULATOR_HOST: stack.hosts.firestore,
    GCLOUD_PROJECT: stack.projectId,
    METADATA_SERVER_DETECTION: "none",
    STRIPE_WEBHOOK_SECRET: SECRET,
  });
  reminders = await import("../../functions/src/billing/reminders");
  reviews = await import("../../functions/src/shops/shop-reviews");
  [checkout, manage, webhook, gateway, verify, submit, admin, record] = await Promise.all([
    import("../../functions/src/billing/checkout"),
    import("../../functions/src/billing/manage"),
    import("../../functions/src/billing/webhook"),
    import("../../functions/src/billing/gateway"),
    import("../../functions/src/shops/verify-shop"),
    import("../../functions/src/offers/submit-offer"),
    import("../../functions/src/lib/admin"),
    import("../../functions/src/profiles/user-record"),
  ]);
});

afterAll(async () => {
  if (admin) await deleteApp(admin.adminApp());
  await Promise.all([stopStack(), stripe?.close()]);
  restoreEnv();
});

beforeEach(async () => {
  await stack.resetData();
  stripe.requests.length = 0;
});

describe("the free month and the gate", () => {
  it("starts at the first verification, is never restarted, and gates offers when it lapses", async () => {
    await newShop("shop", T0);
    const trial = await subscription("shop");
    expect(trial).toMatchObject({ plan: null, trialEndsAt: at(30) });
    expect(planStatus(trial, at(1)).state).toBe("prova");
    await verify.verifyShopFor("shop", { ...SHOP_INPUT, partitaIva: partitaIvaOf("shop") } as never, {
      db: db(),
      now: () => at(20),
      emailProven: async () => true,
      vies: new SimulatedVies(),
    });
    expect((await subscription("shop"))?.trialEndsAt).toEqual(at(30));

    await seedRequest("r1");
    await seedRequest("r2");
    await expect(offer("shop", "r1", at(29))).resolves.toMatchObject({ offerId: "r1_shop" });
    expect(await rejection(offer("shop", "r2", at(30)))).toMatchObject({
      code: "failed-precondition",
      message: PLAN_MESSAGES.planRequired,
      // The app tells this refusal apart by its reason, not its text.
      details: { reason: FAILURE_REASONS.planRequired },
    });
    expect((await db().doc("offers/r2_shop").get()).exists).toBe(false);
    // Leonardo too, before any token is spent.
    const { generateOfferDescriptionFor } = await import(
      "../../functions/src/algo/offer-description/generate-offer-description"
    );
    await db()
      .doc("users/shop")
      .update({ aiTokens: 5, lastTokenReset: Timestamp.fromDate(at(30)) });
    expect(
      await rejection(
        generateOfferDescriptionFor("shop", { requestId: "r2", price: 50 } as never, {
          db: db(),
          gemini: undefined,
          now: () => at(30),
        }),
      ),
    ).toMatchObject({ code: "failed-precondition", message: PLAN_MESSAGES.planRequired });
    expect((await db().doc("users/shop").get()).data()?.aiTokens).toBe(5);
  });
});

describe("the monthly plan", () => {
  it("subscribes during the trial without charging it twice, renews, and offers again after a lapse", async () => {
    await newShop("shop", T0);
    const session = await checkout.startCheckoutFor("shop", { kind: "monthly" }, deps(at(10)));
    expect(session).toMatchObject({ simulated: false, url: expect.stringContaining("checkout.stripe.test") });
    const sent = stripe.requests.find((request) => request.path === "/v1/checkout/sessions")?.form ?? {};
    expect(sent).toMatchObject({
      mode: "subscription",
      "line_items[0][price_data][unit_amount]": "990",
      "line_items[0][price_data][currency]": "eur",
      "line_items[0][price_data][tax_behavior]": "inclusive",
      "line_items[0][price_data][recurring][interval]": "month",
      "metadata[uid]": "shop",
      "subscription_data[metadata][uid]": "shop",
      "subscription_data[trial_end]": String(secs(at(30))),
    });
    expect(stripe.requests[0]).toMatchObject({ path: "/v1/customers", idempotencyKey: "customer-shop" });

    await deliver(stripe.completeCheckout(session.sessionId, secs(at(10))), at(10));
    const subscriptionId = stripe.sessions.get(session.sessionId)?.subscription as string;
    expect(planStatus(await subscription("shop"), at(11))).toMatchObject({
      state: "attivo",
      plan: "monthly",
      renewsAt: at(30),
    });
    expect(await payments("shop")).toEqual([]); // the trial's invoice is 0 €

    await deliver(stripe.renew(subscriptionId, secs(at(30))), at(30));
    const renewed = planStatus(await subscription("shop"), at(31));
    expect(renewed).toMatchObject({ state: "attivo", hasAccess: true });
    expect(renewed.renewsAt?.getTime()).toBe((secs(at(30)) + MONTH_S) * 1000);
    expect(await payments("shop")).toEqual([
      expect.objectContaining({
        kind: "monthly",
        grossCents: 990,
        netCents: 811,
        vatCents: 179,
        provider: "stripe",
      }),
    ]);
    await seedRequest("r1");
    await expect(offer("shop", "r1", at(40))).resolves.toMatchObject({ offerId: "r1_shop" });
  });

  it("refuses a second subscription while one renews", async () => {
    await newShop("shop", T0);
    await subscribeMonthly("shop", at(40));
    expect(
      await rejection(checkout.startCheckoutFor("shop", { kind: "monthly" }, deps(at(41)))),
    ).toMatchObject({
      code: "already-exists",
      message: PLAN_MESSAGES.alreadySubscribed,
    });
  });

  it("shows a failed renewal as in scadenza while Stripe retries, and active again once paid", async () => {
    await newShop("shop", T0);
    const subscriptionId = await subscribeMonthly("shop", at(40));
    expect(await payments("shop")).toHaveLength(1); // charged at once: the trial had ended
    await deliver(stripe.failPayment(subscriptionId, secs(at(70))), at(70));
    expect(planStatus(await subscription("shop"), at(70))).toMatchObject({
      state: "in_scadenza",
      hasAccess: true,
    });
    await deliver(stripe.renew(subscriptionId, secs(at(71))), at(71));
    expect(planStatus(await subscription("shop"), at(71))).toMatchObject({ state: "attivo" });
    expect(await payments("shop")).toHaveLength(2);
  });

  it("cancels at the end of the period, resumes before it, and ends for good", async () => {
    await newShop("shop", T0);
    const subscriptionId = await subscribeMonthly("shop", at(40));
    await manage.setRenewalFor("shop", false, deps(at(45)));
    expect(stripe.requests.at(-1)).toMatchObject({
      path: `/v1/subscriptions/${subscriptionId}`,
      form: { cancel_at_period_end: "true" },
    });
    // Nothing changes until Stripe's webhook says so.
    expect((await subscription("shop"))?.cancelAtPeriodEnd).toBe(false);
    const cancelled = stripe.subscriptionUpdated(subscriptionId, secs(at(45)));
    await deliver([cancelled], at(45));
    expect(planStatus(await subscription("shop"), at(46))).toMatchObject({
      state: "annullato",
      hasAccess: true,
      canResume: true,
      endsAt: at(70),
    });

    await manage.setRenewalFor("shop", true, deps(at(50)));
    expect(stripe.requests.at(-1)?.form).toEqual({ cancel_at_period_end: "false" });
    await deliver([stripe.subscriptionUpdated(subscriptionId, secs(at(50)))], at(50));
    expect(planStatus(await subscription("shop"), at(50)).state).toBe("attivo");
    // The older 'cancelled' event delivered again late: stale, the plan keeps renewing.
    expect(await deliver([{ ...cancelled, id: "evt_late_copy" }], at(51))).toEqual(["ignored"]);
    expect(planStatus(await subscription("shop"), at(51)).state).toBe("attivo");

    await manage.setRenewalFor("shop", false, deps(at(60)));
    await deliver([stripe.subscriptionUpdated(subscriptionId, secs(at(60)))], at(60));
    await deliver(stripe.endSubscription(subscriptionId, secs(at(70))), at(70));
    expect(planStatus(await subscription("shop"), at(70))).toMatchObject({
      state: "annullato",
      hasAccess: false,
    });
    await seedRequest("r1");
    expect(await rejection(offer("shop", "r1", at(71)))).toMatchObject({
      message: PLAN_MESSAGES.planRequired,
    });
    expect(await rejection(manage.setRenewalFor("shop", true, deps(at(71))))).toMatchObject({
      message: PLAN_MESSAGES.nothingToResume,
    });
  });

  it("opens the Customer Portal for the shop's Stripe customer", async () => {
    await newShop("shop", T0);
    expect(await rejection(manage.billingPortalFor("shop", deps(at(1))))).toMatchObject({
      message: PLAN_MESSAGES.noCustomer,
    });
    await subscribeMonthly("shop", at(1));
    const { url } = await manage.billingPortalFor("shop", deps(at(2)));
    expect(url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/cus_/);
    expect(stripe.requests.at(-1)?.form.return_url).toBe("https://vicino.test/abbonamento");
  });
});

describe("the webhook", () => {
  it("refuses a forged or tampered signature and writes nothing", async () => {
    await newShop("shop", T0);
    const session = await checkout.startCheckoutFor("shop", { kind: "monthly" }, deps(at(40)));
    const [completed, created] = stripe.completeCheckout(session.sessionId, secs(at(40)));
    const forged = signed(created as StripeEvent, "whsec_someone_else");
    await expect(
      webhook.handleWebhook(forged.payload, forged.header, { db: db(), secret: SECRET, now: () => at(40) }),
    ).rejects.toBeInstanceOf(webhook.WebhookSignatureError);
    const genuine = signed(created as StripeEvent, SECRET);
    const tampered = genuine.payload.replace('"status":"active"', '"status":"trialing"');
    await expect(
      webhook.handleWebhook(tampered, genuine.header, { db: db(), secret: SECRET, now: () => at(40) }),
    ).rejects.toBeInstanceOf(webhook.WebhookSignatureError);
    await expect(
      webhook.handleWebhook(genuine.payload, undefined, { db: db(), secret: SECRET, now: () => at(40) }),
    ).rejects.toBeInstanceOf(webhook.WebhookSignatureError);
    expect((await subscription("shop"))?.plan).toBeNull();
    expect((await db().collection("billingEvents").get()).size).toBe(0);

    // The HTTP function answers 400 to the forged delivery.
    const res = { statusCode: 0, body: undefined as unknown };
    const response = {
      status(code: number) {
        res.statusCode = code;
        return response;
      },
      json(body: unknown) {
        res.body = body;
        return response;
      },
    };
    const request = {
      method: "POST",
      rawBody: Buffer.from(forged.payload),
      header: (name: string) => (name.toLowerCase() === "stripe-signature" ? forged.header : undefined),
    };
    await (webhook.stripeWebhook as unknown as (req: unknown, res: unknown) => Promise<void>)(
      request,
      response,
    );
    expect(res.statusCode).toBe(400);
    expect(await deliver([completed as StripeEvent, created as StripeEvent], at(40))).toEqual([
      "ignored",
      "applied",
    ]);
    // A genuine delivery over HTTP is acknowledged and applied.
    const subscriptionId = stripe.sessions.get(session.sessionId)?.subscription as string;
    const genuineHttp = signed(stripe.subscriptionUpdated(subscriptionId, secs(at(41))), SECRET);
    const ok = { statusCode: 200, body: undefined as unknown };
    const okResponse = {
      status(code: number) {
        ok.statusCode = code;
        return okResponse;
      },
      json(body: unknown) {
        ok.body = body;
        return okResponse;
      },
    };
    await (webhook.stripeWebhook as unknown as (req: unknown, res: unknown) => Promise<void>)(
      {
        ...request,
        rawBody: Buffer.from(genuineHttp.payload),
        header: (name: string) =>
          name.toLowerCase() === "stripe-signature" ? genuineHttp.header : undefined,
      },
      okResponse,
    );
    expect(ok).toMatchObject({ statusCode: 200, body: { received: true, result: "applied" } });
  });

  it("credits a token pack exactly once however often, and concurrently, the event arrives", async () => {
    await newShop("shop", T0);
    await db()
      .doc("users/shop")
      .update({ aiTokens: 3, lastTokenReset: Timestamp.fromDate(at(1)) });
    const session = await checkout.startCheckoutFor(
      "shop",
      { kind: "tokens", packageId: "business" },
      deps(at(2)),
    );
    expect(stripe.sessions.get(session.sessionId)).toMatchObject({ mode: "payment", amount_total: 999 });
    const [paid] = stripe.completeCheckout(session.sessionId, secs(at(2)));
    const results = await Promise.all([1, 2, 3].map(() => deliver([paid as StripeEvent], at(2))));
    expect(results.flat().sort()).toEqual(["applied", "duplicate", "duplicate"]);
    const user = (await db().doc("users/shop").get()).data();
    expect(user?.aiTokens).toBe(53);
    expect(user?.tokenPurchases).toHaveLength(1);
    const ledger = await db().collection("users/shop/tokenLedger").get();
    expect(ledger.docs.filter((doc) => doc.data().kind === "purchase")).toHaveLength(1);
    // A customer cannot buy a merchant's pack.
    await db()
      .doc("users/buyer")
      .set({
        id: "buyer",
        uid: "buyer",
        email: "b@example.it",
        displayName: "B",
        userType: "customer",
        createdAt: Timestamp.fromDate(T0),
      });
    expect(
      await rejection(
        checkout.startCheckoutFor("buyer", { kind: "tokens", packageId: "business" }, deps(at(2))),
      ),
    ).toMatchObject({ code: "invalid-argument" });
  });

  it("never resurrects a cancelled subscription, whatever arrives after the deletion", async () => {
    await newShop("shop", T0);
    const session = await checkout.startCheckoutFor("shop", { kind: "monthly" }, deps(at(40)));
    const [completed, created, invoice] = stripe.completeCheckout(
      session.sessionId,
      secs(at(40)),
    ) as StripeEvent[];
    const subscriptionId = stripe.sessions.get(session.sessionId)?.subscription as string;
    const [renewInvoice, renewed] = stripe.renew(subscriptionId, secs(at(70))) as StripeEvent[];
    const [deleted] = stripe.endSubscription(subscriptionId, secs(at(80))) as StripeEvent[];
    // The deletion arrives first; everything else late, some twice.
    expect(await deliver([deleted as StripeEvent], at(81))).toEqual(["applied"]);
    expect(
      await deliver(
        [
          created as StripeEvent,
          renewed as StripeEvent,
          completed as StripeEvent,
          deleted as StripeEvent,
          renewed as StripeEvent,
        ],
        at(82),
      ),
    ).toEqual(["ignored", "ignored", "ignored", "duplicate", "duplicate"]);
    // The money was taken: the receipts are kept, the plan stays cancelled.
    expect(await deliver([invoice as StripeEvent, renewInvoice as StripeEvent], at(82))).toEqual([
      "applied",
      "applied",
    ]);
    expect(planStatus(await subscription("shop"), at(82))).toMatchObject({
      state: "annullato",
      hasAccess: false,
    });
    expect(await payments("shop")).toHaveLength(2);
  });
});

describe("the launch offer", () => {
  it("redeems a valid code once: 12 months after the free month, receipt with IVA", async () => {
    await newShop("shop", T0);
    await issueCode("VIC-ABCD-2345");
    const session = await checkout.startCheckoutFor(
      "shop",
      { kind: "launch", code: "vic abcd 2345" },
      deps(at(5)),
    );
    expect(stripe.sessions.get(session.sessionId)).toMatchObject({
      mode: "payment",
      amount_total: 2990,
      metadata: { uid: "shop", kind: "launch", code: "VIC-ABCD-2345" },
    });
    await deliver(stripe.completeCheckout(session.sessionId, secs(at(5))), at(5));
    const status = planStatus(await subscription("shop"), at(6));
    expect(status).toMatchObject({ state: "attivo", plan: "launch", renewsAt: null, canCancel: false });
    expect(status.endsAt).toEqual(new Date("2027-04-01T09:00:00Z"));
    expect((await db().doc("launchCodes/VIC-ABCD-2345").get()).data()).toMatchObject({ usedBy: "shop" });
    // Checkout's invoice for the one-off payment: its receipt is the session's, not a second one.
    const oneOffInvoice: StripeEvent = {
      id: "evt_launch_invoice",
      object: "event",
      type: "invoice.paid",
      created: secs(at(5)),
      livemode: false,
      data: {
        object: {
          id: "in_launch",
          object: "invoice",
          customer: stripe.sessions.get(session.sessionId)?.customer,
          amount_paid: 2990,
          parent: null,
          lines: { data: [] },
        },
      },
    };
    expect(await deliver([oneOffInvoice], at(5))).toEqual(["ignored"]);
    expect(await payments("shop")).toEqual([
      expect.objectContaining({ kind: "launch", grossCents: 2990, netCents: 2451, vatCents: 539 }),
    ]);

    await newShop("second", T0);
    expect(
      await rejection(
        checkout.startCheckoutFor("second", { kind: "launch", code: "VIC-ABCD-2345" }, deps(at(6))),
      ),
    ).toMatchObject({ code: "failed-precondition", message: PLAN_MESSAGES.launchCodeUsed });
  });

  it("refuses unknown, expired and other cities' codes, and a code another shop is paying with", async () => {
    await newShop("shop", T0);
    await newShop("torino", T0, "Torino");
    await issueCode("VIC-SCAD-2345", { expiresAt: Timestamp.fromDate(at(3)) });
    await issueCode("VIC-MNPQ-2345");
    const attempt = (uid: string, code: string) =>
      rejection(checkout.startCheckoutFor(uid, { kind: "launch", code }, deps(at(4))));
    expect(await attempt("shop", "VIC-NXNE-2345")).toMatchObject({
      code: "not-found",
      message: PLAN_MESSAGES.launchCodeNotFound,
    });
    expect(await attempt("shop", "hello")).toMatchObject({ message: PLAN_MESSAGES.launchCodeNotFound });
    expect(await attempt("shop", "VIC-SCAD-2345")).toMatchObject({
      message: PLAN_MESSAGES.launchCodeExpired,
    });
    expect(await attempt("torino", "VIC-MNPQ-2345")).toMatchObject({
      message: PLAN_MESSAGES.launchCodeWrongCity,
    });
    await checkout.startCheckoutFor("shop", { kind: "launch", code: "VIC-MNPQ-2345" }, deps(at(4)));
    await newShop("third", T0);
    expect(await attempt("third", "VIC-MNPQ-2345")).toMatchObject({ message: PLAN_MESSAGES.launchCodeUsed });
    expect((await subscription("shop"))?.plan).toBeNull();
  });

  it("is issued by the admin script: one per member shop, for the city, until the expiry", async () => {
    const { issueLaunchCodes } = await import("../../scripts/billing/launch-codes");
    let n = 0;
    const issued = await issueLaunchCodes(db(), {
      city: "Milano",
      expiresAt: at(90),
      issuedTo: ["Ferramenta Rossi", "Merceria Bianchi"],
      now: T0,
      random: (max) => (n++ * 7) % max,
    });
    expect(issued.map((entry) => entry.issuedTo)).toEqual(["Ferramenta Rossi", "Merceria Bianchi"]);
    expect(new Set(issued.map((entry) => entry.code)).size).toBe(2);
    const stored = (await db().doc(`launchCodes/${issued[0]?.code}`).get()).data();
    expect(stored).toMatchObject({ city: "Milano", issuedTo: "Ferramenta Rossi", usedBy: null });
    await expect(
      issueLaunchCodes(db(), { city: "Milano", expiresAt: T0, issuedTo: ["X"], now: T0 }),
    ).rejects.toThrow(/future/);

    await newShop("shop", T0);
    const session = await checkout.startCheckoutFor(
      "shop",
      { kind: "launch", code: issued[0]?.code ?? "" },
      deps(at(40)),
    );
    await deliver(stripe.completeCheckout(session.sessionId, secs(at(40))), at(40));
    // Bought after the free month ended: 12 months from the payment.
    expect(planStatus(await subscription("shop"), at(41)).endsAt).toEqual(new Date("2027-04-11T09:00:00Z"));
  });

  it("needs a verified shop and a configured provider", async () => {
    await db()
      .doc("users/self")
      .set({
        id: "self",
        uid: "self",
        email: "s@example.it",
        displayName: "S",
        userType: "merchant",
        createdAt: Timestamp.fromDate(T0),
      });
    expect(
      await rejection(checkout.startCheckoutFor("self", { kind: "monthly" }, deps(at(1)))),
    ).toMatchObject({
      code: "permission-denied",
      message: PLAN_MESSAGES.verifiedShopsOnly,
    });
    expect(
      await rejection(
        checkout.startCheckoutFor("self", { kind: "monthly" }, { ...deps(at(1)), gateway: undefined }),
      ),
    ).toMatchObject({ code: "unavailable" });
    expect(await rejection(checkout.startCheckout.run(callableRequest({ kind: "monthly" })))).toMatchObject({
      code: "unauthenticated",
    });
  });
});

describe("the 7-day e-mail", () => {
  it("reminds once per end date the shops whose access ends within a week without renewal", async () => {
    const outbox: { to: string; subject: string; text: string }[] = [];
    const mail = {
      send: async (message: { to: string; subject: string; text: string }) => void outbox.push(message),
    };
    await newShop("ending", T0);
    await newShop("fresh", at(10));
    await newShop("renewing", T0);
    await subscribeMonthly("renewing", at(5));
    const run = (now: Date) => reminders.sendPlanReminders({ db: db(), now: () => now, mail });

    expect(await run(at(20))).toEqual([]); // ten days left: too early
    expect(await run(at(25))).toEqual(["ending"]);
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({
      to: "ending@example.it",
      subject: "Il tuo piano Vicino sta per terminare",
    });
    expect(outbox[0]?.text).toContain("Il tuo piano termina tra 5 giorni");
    expect(outbox[0]?.text).toContain("/abbonamento");
    expect(await run(at(26))).toEqual([]); // already told for this end date
    expect(await run(at(35))).toEqual(["fresh"]);
  });

  it("owes an e-mail to a monthly plan cancelled in its last week, through the webhook's write", async () => {
    const mail = { send: async () => undefined };
    await newShop("leaving", T0);
    const subscriptionId = await subscribeMonthly("leaving", at(40)); // renews at(70)
    const run = (now: Date) => reminders.sendPlanReminders({ db: db(), now: () => now, mail });
    expect(await run(at(65))).toEqual([]); // renewing: nothing owed
    await manage.setRenewalFor("leaving", false, deps(at(66)));
    await deliver([stripe.subscriptionUpdated(subscriptionId, secs(at(66)))], at(66));
    expect(await run(at(66))).toEqual(["leaving"]);
    expect(await run(at(67))).toEqual([]);
    // Told, and the webhook writes the plan again for the same end date: still told.
    expect(await deliver([stripe.subscriptionUpdated(subscriptionId, secs(at(67)))], at(67))).toEqual([
      "applied",
    ]);
    expect(await run(at(68))).toEqual([]);
  });
});

describe("plans going live", () => {
  it("gives every verified shop without a plan the free month, once, and leaves the others alone", async () => {
    const { startMissingTrials } = await import("../../scripts/billing/start-trials");
    await newShop("has-plan", T0);
    for (const [uid, shop] of [
      [
        "old-shop",
        {
          status: "verified",
          partitaIva: "00743110157",
          categories: ["casa"],
          verifiedAt: Timestamp.fromDate(T0),
        },
      ],
      ["not-a-shop", undefined],
    ] as const) {
      await db()
        .doc(`users/${uid}`)
        .set({
          id: uid,
          uid,
          email: `${uid}@example.it`,
          displayName: uid,
          userType: shop ? "merchant" : "customer",
          createdAt: Timestamp.fromDate(T0),
          ...(shop ? { shop } : {}),
        });
    }
    expect(await startMissingTrials(db(), at(100))).toEqual(["old-shop"]);
    expect((await subscription("old-shop"))?.trialEndsAt).toEqual(at(130));
    expect((await subscription("has-plan"))?.trialEndsAt).toEqual(at(30));
    expect(await subscription("not-a-shop")).toBeUndefined();
    expect(await startMissingTrials(db(), at(110))).toEqual([]);
  });
});
