// Money that must not leak: deleting a shop's account cancels its subscription at (fake) Stripe and
// keeps only the fiscal records the law asks for; a launch code pays for one shop only, judged where the
// payment is applied (the webhook), and the pilot city is the verified shop's. The real `stripe` SDK
// talks to tests/support/fake-stripe.ts; webhooks arrive signed, as Stripe sends them.

import { deleteApp } from "firebase-admin/app";
import { type DocumentData, Timestamp } from "firebase-admin/firestore";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SimulatedVies } from "../../functions/src/shops/simulated-vies";
import { PLAN_MESSAGES } from "../../src/domain/billing/plan-messages";
import { planStatus, subscriptionSchema } from "../../src/domain/billing/plans";
import { PRIVACY_MESSAGES } from "../../src/domain/people/trust-messages";
import { overrideEnv, rejection } from "../support/callables";
import { type FakeStripe, type StripeEvent, signed, startFakeStripe } from "../support/fake-stripe";
import { partitaIvaOf } from "../support/integration-seed";
import { DATA_LAYER, startStack, stopStack, type TestStack } from "../support/stack";

type CheckoutModule = typeof import("../../functions/src/billing/checkout");
type WebhookModule = typeof import("../../functions/src/billing/webhook");
type GatewayModule = typeof import("../../functions/src/billing/gateway");
type VerifyModule = typeof import("../../functions/src/shops/verify-shop");
type DeleteModule = typeof import("../../functions/src/privacy/delete-account");
type AdminModule = typeof import("../../functions/src/lib/admin");
type RecordModule = typeof import("../../functions/src/profiles/user-record");
type ReviewsModule = typeof import("../../functions/src/shops/shop-reviews");

let stack: TestStack;
let stripe: FakeStripe;
let checkout: CheckoutModule;
let webhook: WebhookModule;
let gateway: GatewayModule;
let verify: VerifyModule;
let deleter: DeleteModule;
let admin: AdminModule;
let record: RecordModule;
let reviews: ReviewsModule;
let restoreEnv: () => void = () => {};

const SECRET = "whsec_test_billing_trust";
const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
const T0 = new Date("2026-03-02T09:00:00Z");
const at = (days: number) => new Date(T0.getTime() + days * DAY);
const secs = (date: Date) => Math.floor(date.getTime() / 1000);
const db = () => admin.adminDb();

const stripeGateway = () =>
  new gateway.StripeGateway(
    gateway.stripeClient("sk_test_fake", { host: stripe.host, port: stripe.port, protocol: "http" }),
  );

function deps(now: Date) {
  return { db: db(), gateway: stripeGateway(), now: () => now, appUrl: "https://vicino.test", prices: {} };
}

/** Stripe delivers events to the webhook, signed; refunds go to the fake Stripe as in production. */
async function deliver(events: StripeEvent[], now: Date) {
  const refunder = stripeGateway();
  const results = [];
  for (const event of events) {
    const { payload, header } = signed(event, SECRET);
    const outcome = await webhook.handleWebhook(payload, header, {
      db: db(),
      secret: SECRET,
      now: () => now,
      refund: (id, key) => refunder.refund(id, key),
    });
    results.push(outcome.result);
  }
  return results;
}

const read = async (path: string) => (await db().doc(path).get()).data();

async function subscription(uid: string) {
  const data = await read(`subscriptions/${uid}`);
  return data ? subscriptionSchema.parse(record.fromFirestore(data)) : undefined;
}

async function payments(uid: string): Promise<DocumentData[]> {
  return (await db().collection(`subscriptions/${uid}/payments`).get()).docs.map((doc) => doc.data());
}

/** A merchant account verified at `when` in `zone`: its free month starts. */
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
  await verify.verifyShopFor(
    uid,
    {
      businessName: `Negozio ${uid}`,
      partitaIva: partitaIvaOf(uid),
      address: `Via Roma 1, ${zone}`,
      position: { lat: 45.46, lng: 9.19, zone },
      categories: ["casa"],
    } as never,
    { db: db(), now: () => when, emailProven: async () => true, vies: new SimulatedVies() },
  );
  // The pilot's review approves it (shop-verification.md): its powers and free month start then.
  await reviews.decideShopReviewFor(
    "admin",
    { uid, decision: "approve" },
    { db: db(), now: () => when, mail: { send: async () => {} } },
  );
}

async function issueCode(code: string): Promise<void> {
  await db()
    .doc(`launchCodes/${code}`)
    .set({ code, city: "Milano", expiresAt: Timestamp.fromDate(at(60)), usedBy: null, usedAt: null });
}

beforeAll(async () => {
  [stack, stripe] = await Promise.all([startStack(DATA_LAYER), startFakeStripe()]);
  restoreEnv = overrideEnv({
    FIRESTORE_EMULATOR_HOST: stack.hosts.firestore,
    FIREBASE_AUTH_EMULATOR_HOST: stack.hosts.auth,
    GCLOUD_PROJECT: stack.projectId,
    METADATA_SERVER_DETECTION: "none",
    STRIPE_WEBHOOK_SECRET: SECRET,
  });
  [checkout, webhook, gateway, verify, deleter, admin, record, reviews] = await Promise.all([
    import("../../functions/src/billing/checkout"),
    import("../../functions/src/billing/webhook"),
    import("../../functions/src/billing/gateway"),
    import("../../functions/src/shops/verify-shop"),
    import("../../functions/src/privacy/delete-account"),
    import("../../functions/src/lib/admin"),
    import("../../functions/src/profiles/user-record"),
    import("../../functions/src/shops/shop-reviews"),
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
  stripe.cancelled.length = 0;
  stripe.refunds.length = 0;
});

describe("deleting a shop with a plan", () => {
  /** A shop verified at T0, subscribed during its free month, charged once when billing started. */
  async function payingShop(uid: string): Promise<string> {
    await newShop(uid, T0);
    const session = await checkout.startCheckoutFor(uid, { kind: "monthly" }, deps(at(1)));
    await deliver(stripe.completeCheckout(session.sessionId, secs(at(1))), at(1));
    const subscriptionId = stripe.sessions.get(session.sessionId)?.subscription as string;
    await deliver(stripe.renew(subscriptionId, secs(at(30))), at(30));
    expect(planStatus(await subscription(uid), at(31))).toMatchObject({ state: "attivo", hasAccess: true });
    return subscriptionId;
  }

  it("cancels the subscription at Stripe and keeps only the fiscal records, reduced", async () => {
    const subscriptionId = await payingShop("shop");
    const [receiptBefore] = await payments("shop");
    expect(receiptBefore).toMatchObject({ grossCents: 990, receiptUrl: expect.any(String) });

    await expect(
      deleter.deleteAccountFor("shop", {
        db: db(),
        auth: admin.adminAuth(),
        now: () => at(35),
        gateway: stripeGateway(),
      }),
    ).resolves.toEqual({ deleted: true });

    // Stripe was asked to end it now: nothing more is charged.
    expect(stripe.cancelled).toEqual([subscriptionId]);
    expect(stripe.subscriptions.get(subscriptionId)).toMatchObject({ status: "canceled" });
    // The receipt stays (ten years, for the tax office) with amounts, IVA and date, without the
    // hosted page that shows the customer's name and e-mail.
    const [receipt] = await payments("shop");
    expect(receipt).toMatchObject({ kind: "monthly", grossCents: 990, netCents: 811, vatCents: 179 });
    expect(receipt).not.toHaveProperty("receiptUrl");
    expect(receipt?.retainUntil).toEqual(Timestamp.fromDate(new Date("2036-04-01T09:00:00Z")));
    // The plan is a tombstone, and the link to the Stripe customer is gone.
    expect(await read("subscriptions/shop")).toEqual({
      uid: "shop",
      accountDeletedAt: expect.any(Timestamp),
    });
    expect(await read("billingCustomers/shop")).toBeUndefined();

    // Stripe's own event about the cancellation arrives later: no plan comes back for the deleted account.
    expect(await deliver(stripe.endSubscription(subscriptionId, secs(at(35))), at(35))).toEqual(["ignored"]);
    expect(await read("subscriptions/shop")).toEqual({
      uid: "shop",
      accountDeletedAt: expect.any(Timestamp),
    });
  });

  it("does not delete the account while a subscription it cannot cancel keeps charging", async () => {
    await payingShop("shop");
    expect(
      await rejection(
        deleter.deleteAccountFor("shop", {
          db: db(),
          auth: admin.adminAuth(),
          now: () => at(35),
          gateway: undefined,
        }),
      ),
    ).toMatchObject({ code: "unavailable", message: PRIVACY_MESSAGES.billingCancelFailed });
    expect(await read("users/shop")).toBeDefined();
  });
});

describe("one launch code, one shop", () => {
  it("refunds the second shop's payment and never applies the plan twice", async () => {
    await newShop("first", T0);
    await newShop("second", T0);
    await issueCode("VIC-ABCD-2345");

    // The first shop starts paying; the Checkout Session ends with the code's reservation.
    const late = await checkout.startCheckoutFor(
      "first",
      { kind: "launch", code: "VIC-ABCD-2345" },
      deps(at(5)),
    );
    const asked = stripe.requests.find((request) => request.path === "/v1/checkout/sessions");
    expect(Number(asked?.form.expires_at)).toBe(secs(at(5)) + 55 * 60);

    // Two hours later the reservation is over: the second shop takes the code and pays first.
    const later = new Date(at(5).getTime() + 2 * HOUR);
    const won = await checkout.startCheckoutFor(
      "second",
      { kind: "launch", code: "VIC-ABCD-2345" },
      deps(later),
    );
    expect(await deliver(stripe.completeCheckout(won.sessionId, secs(later)), later)).toEqual(["applied"]);

    // The first shop's payment still arrives (a session Stripe let through, a late delivery).
    const completed = stripe.completeCheckout(late.sessionId, secs(later) + 60);
    expect(await deliver(completed, later)).toEqual(["refund"]);
    // Delivered again: applied once, refunded once.
    expect(await deliver(completed, later)).toEqual(["duplicate"]);

    expect(planStatus(await subscription("second"), later)).toMatchObject({
      plan: "launch",
      hasAccess: true,
    });
    const first = await subscription("first");
    expect(first?.plan).toBeNull();
    expect(first?.launchRefused).toMatchObject({ code: "VIC-ABCD-2345", amountCents: 2990 });
    expect(await payments("first")).toEqual([]);
    expect(await read("launchCodes/VIC-ABCD-2345")).toMatchObject({ usedBy: "second" });
    const paymentIntent = stripe.sessions.get(late.sessionId)?.payment_intent;
    expect(stripe.refunds).toEqual([{ id: expect.any(String), paymentIntent }]);
    expect(await read(`billingRefunds/${late.sessionId}`)).toMatchObject({
      uid: "first",
      reason: "launch_code_used",
      status: "refunded",
    });
    expect(PLAN_MESSAGES.launchRefunded).toMatch(/rimborsiamo/);
  });

  it("checks the pilot city against the verified shop's address, not the editable profile", async () => {
    await newShop("torino", T0, "Torino");
    await issueCode("VIC-MNPQ-2345");
    // The owner may edit the profile's place; that grants no city.
    await db().doc("users/torino").update({ "location.zone": "Milano", "location.address": "Milano" });
    expect(
      await rejection(
        checkout.startCheckoutFor("torino", { kind: "launch", code: "VIC-MNPQ-2345" }, deps(at(4))),
      ),
    ).toMatchObject({ message: PLAN_MESSAGES.launchCodeWrongCity });
  });
});
