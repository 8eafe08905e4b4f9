// 'Compila tu' and the photos kept with a request, on the server and through the data layer: the
// publishing callables against Google's Firestore emulator (rules loaded; the admin SDK bypasses them),
// then the app's own Firestore Lite client, signed in as a shop and as another buyer, under the rules.

import { deleteApp } from "firebase-admin/app";
import { type DocumentData, Timestamp } from "firebase-admin/firestore";
import * as jpeg from "jpeg-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchRequestPhotos } from "../../src/data/request-photos";
import { COLLECTIONS, SUBCOLLECTIONS } from "../../src/domain/core/collections";
import { VALIDATION_MESSAGES } from "../../src/domain/core/common-messages";
import { MAX_ACTIVE_REQUESTS_PER_BUYER, REQUEST_LIFETIME_MS } from "../../src/domain/core/limits";
import { REQUEST_FORM_MESSAGES } from "../../src/domain/marketplace/request-form";
import {
  REQUEST_PHOTO_MAX_BASE64_LENGTH,
  requestThumbnailSchema,
} from "../../src/domain/marketplace/request-photo";
import { SHOP_STATUS } from "../../src/domain/people/shop-status";
import { callableRequest, overrideEnv, rejection } from "../support/callables";
import { expectRulesDenials } from "../support/rules-denials";
import { type SignedInClient, signedInClient } from "../support/signed-in-client";
import { DATA_LAYER, startStack, stopStack, type TestStack } from "../support/stack";

type FormModule = typeof import("../../functions/src/algo/publish-form");
type PublishModule = typeof import("../../functions/src/algo/publish-request");
type AlgoModule = typeof import("../../functions/src/algo/algo-chat");
type AdminModule = typeof import("../../functions/src/lib/admin");

/** The smallest baseline JPEG (1×1 px). */
const JPEG =
  "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=";
const PHOTO = { data: JPEG, width: 1, height: 1 };
const ISOLA = { address: "Via Borsieri 3, Milano", lat: 45.4869, lng: 9.1903 };

let stack: TestStack;
let form: FormModule;
let publisher: PublishModule;
let algo: AlgoModule;
let admin: AdminModule;
let restoreEnv: () => void = () => {};
const clients: SignedInClient[] = [];

const db = () => admin.adminDb();
const run = (uid: string | undefined, data: unknown) =>
  form.publishRequest.run(callableRequest(data, { uid }));
const formInput = (extra: Record<string, unknown> = {}) => ({
  fields: {
    productName: "Trapano a percussione",
    description: "Per muri in cemento",
    category: "casa",
    budget: { min: 0, max: 1000 },
    urgency: "giorni",
    deliveryPreference: "both",
    productDetails: { condition: "nuovo" },
  },
  location: ISOLA,
  actionRadius: 10,
  ...extra,
});

async function seedUser(uid: string, userType: "customer" | "merchant", extra: DocumentData = {}) {
  await db()
    .doc(`${COLLECTIONS.users}/${uid}`)
    .set({
      id: uid,
      uid,
      email: `${uid}@example.it`,
      displayName: uid,
      userType,
      createdAt: Timestamp.now(),
      aiTokens: 5,
      monthlyTokensUsed: 0,
      lastTokenReset: Timestamp.now(),
      ...extra,
    });
}

const seedShop = (uid: string) =>
  seedUser(uid, "merchant", {
    businessName: "Ferramenta Isola",
    shop: {
      status: SHOP_STATUS.verified,
      partitaIva: "04812310151",
      categories: ["casa"],
      verifiedAt: Timestamp.now(),
    },
  });

async function ledger(uid: string): Promise<DocumentData[]> {
  const entries = await db().collection(`${COLLECTIONS.users}/${uid}/${SUBCOLLECTIONS.tokenLedger}`).get();
  return entries.docs.map((entry) => entry.data());
}

beforeAll(async () => {
  stack = await startStack(DATA_LAYER);
  restoreEnv = overrideEnv({
    FIRESTORE_EMULATOR_HOST: stack.hosts.firestore,
    GCLOUD_PROJECT: stack.projectId,
    METADATA_SERVER_DETECTION: "none",
    GEMINI_API_KEY: undefined,
  });
  [form, publisher, algo, admin] = await Promise.all([
    import("../../functions/src/algo/publish-form"),
    import("../../functions/src/algo/publish-request"),
    import("../../functions/src/algo/algo-chat"),
    import("../../functions/src/lib/admin"),
  ]);
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  if (admin) await deleteApp(admin.adminApp());
  await stopStack();
  restoreEnv();
});

describe("publishRequest, the free form", () => {
  it("publishes with no token spent: not aiGenerated, expiring in 7 days, the photo stored with it", async () => {
    await seedUser("form-buyer", "customer");
    const before = Date.now();
    const { requestId, request } = await run("form-buyer", formInput({ photos: [PHOTO] }));
    expect(request).toMatchObject({ productName: "Trapano a percussione", aiGenerated: false });

    const stored = (await db().doc(`${COLLECTIONS.requests}/${requestId}`).get()).data();
    expect(stored).toMatchObject({
      customerId: "form-buyer",
      status: "active",
      category: "casa",
      aiGenerated: false,
      imageAnalyzed: false,
      photoCount: 1,
      location: { address: "Milano" },
    });
    expect(stored).not.toHaveProperty("algoConversationId");
    // This 1-pixel JPEG has no image data a decoder takes: published all the same, without a thumbnail.
    expect(stored).not.toHaveProperty("thumbnail");
    const expiresAt = (stored?.expiresAt as Timestamp | undefined)?.toMillis() ?? 0;
    expect(expiresAt).toBeGreaterThanOrEqual(before + REQUEST_LIFETIME_MS);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + REQUEST_LIFETIME_MS);

    const photo = (
      await db().doc(`${COLLECTIONS.requests}/${requestId}/${SUBCOLLECTIONS.requestPhotos}/p1`).get()
    ).data();
    expect(photo).toMatchObject({
      requestId,
      customerId: "form-buyer",
      contentType: "image/jpeg",
      data: JPEG,
      width: 1,
      height: 1,
      bytes: Buffer.from(JPEG, "base64").length,
    });

    const buyer = (await db().doc(`${COLLECTIONS.users}/form-buyer`).get()).data();
    expect(buyer?.aiTokens).toBe(5);
    expect(buyer?.monthlyTokensUsed).toBe(0);
    expect(await ledger("form-buyer")).toEqual([]);
  });

  it("keeps a thumbnail of the first photo on the request, which the feed's cards show without reading a photo", async () => {
    await seedUser("form-thumb", "customer");
    const pixels = new Uint8Array(400 * 300 * 4).fill(200);
    const data = jpeg.encode({ width: 400, height: 300, data: pixels }, 80).data.toString("base64");
    const { requestId } = await run(
      "form-thumb",
      formInput({ photos: [{ data, width: 400, height: 300 }, PHOTO] }),
    );
    const stored = (await db().doc(`${COLLECTIONS.requests}/${requestId}`).get()).data();
    expect(stored?.photoCount).toBe(2);
    expect(stored?.thumbnail).toMatchObject({ width: 128, height: 96 });
    // What the app reads: the request's schema (a JPEG of at most 12 kB) takes it.
    expect(requestThumbnailSchema.safeParse(stored?.thumbnail).success).toBe(true);
  });

  it("fills the spec's defaults and publishes without a photo", async () => {
    await seedUser("form-plain", "customer");
    const { requestId } = await run("form-plain", formInput());
    const stored = (await db().doc(`${COLLECTIONS.requests}/${requestId}`).get()).data();
    expect(stored).not.toHaveProperty("photoCount");
    expect(stored).not.toHaveProperty("thumbnail");
    const photos = await db()
      .collection(`${COLLECTIONS.requests}/${requestId}/${SUBCOLLECTIONS.requestPhotos}`)
      .get();
    expect(photos.empty).toBe(true);
  });

  it("refuses a shop, a missing product, a PNG and a photo over 300 kB, writing nothing", async () => {
    await Promise.all([seedShop("form-shop"), seedUser("form-refused", "customer")]);
    expect(await rejection(run("form-shop", formInput()))).toMatchObject({
      code: "permission-denied",
      message: REQUEST_FORM_MESSAGES.buyersOnly,
    });
    const noProduct = formInput();
    noProduct.fields.productName = "  ";
    expect(await rejection(run("form-refused", noProduct))).toMatchObject({
      code: "invalid-argument",
      message: VALIDATION_MESSAGES.productNameRequired,
    });
    const png = {
      ...PHOTO,
      data: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==",
    };
    expect(await rejection(run("form-refused", formInput({ photos: [png] })))).toMatchObject({
      code: "invalid-argument",
    });
    const heavy = { ...PHOTO, data: `/9j/${"A".repeat(REQUEST_PHOTO_MAX_BASE64_LENGTH)}` };
    expect(await rejection(run("form-refused", formInput({ photos: [heavy] })))).toMatchObject({
      code: "invalid-argument",
    });
    expect(await rejection(run(undefined, formInput()))).toMatchObject({ code: "unauthenticated" });
    const mine = await db()
      .collection(COLLECTIONS.requests)
      .where("customerId", "in", ["form-shop", "form-refused"])
      .limit(5)
      .get();
    expect(mine.empty).toBe(true);
  });
});

describe("'Pubblica gratis' sent twice publishes once (submissionId)", () => {
  const requestsOf = async (uid: string) =>
    (await db().collection(COLLECTIONS.requests).where("customerId", "==", uid).limit(5).get()).docs;
  const publishedToday = async (uid: string) =>
    (await db().doc(`${COLLECTIONS.users}/${uid}`).get()).get("requestQuota.published") as number;

  it("a retry after a lost answer gets the same request, counted once", async () => {
    await seedUser("form-retry", "customer");
    const input = formInput({ submissionId: "7f1d2c3b-1111-4a5b-9c8d-0123456789ab", photos: [PHOTO] });
    const first = await run("form-retry", input);
    const again = await run("form-retry", input);
    expect(again.requestId).toBe(first.requestId);
    expect(again.request).toMatchObject({ productName: "Trapano a percussione", aiGenerated: false });
    expect(await requestsOf("form-retry")).toHaveLength(1);
    expect(await publishedToday("form-retry")).toBe(1);
    // Another submission of the same buyer is another request.
    const other = await run(
      "form-retry",
      formInput({ submissionId: "7f1d2c3b-2222-4a5b-9c8d-0123456789ab" }),
    );
    expect(other.requestId).not.toBe(first.requestId);
    expect(await requestsOf("form-retry")).toHaveLength(2);
  });

  it("a double tap (two calls at once) publishes one request", async () => {
    await seedUser("form-double", "customer");
    const input = formInput({ submissionId: "0a0b0c0d-3333-4a5b-9c8d-0123456789ab" });
    const [one, two] = await Promise.all([run("form-double", input), run("form-double", input)]);
    expect(two.requestId).toBe(one.requestId);
    expect(await requestsOf("form-double")).toHaveLength(1);
    expect(await publishedToday("form-double")).toBe(1);
  });

  it("another buyer's same key is their own request, and a malformed key is refused", async () => {
    await Promise.all([seedUser("form-a", "customer"), seedUser("form-b", "customer")]);
    const submissionId = "shared-key-4444-4a5b-9c8d";
    const a = await run("form-a", formInput({ submissionId }));
    const b = await run("form-b", formInput({ submissionId }));
    expect(b.requestId).not.toBe(a.requestId);
    expect(await rejection(run("form-a", formInput({ submissionId: "../x" })))).toMatchObject({
      code: "invalid-argument",
    });
  });
});

describe("the buyer's caps hold for the free form too", () => {
  it(`refuses a ${MAX_ACTIVE_REQUESTS_PER_BUYER + 1}th active request in the form's words`, async () => {
    await seedUser("form-busy", "customer");
    await Promise.all(
      Array.from({ length: MAX_ACTIVE_REQUESTS_PER_BUYER }, (_, index) =>
        db().doc(`${COLLECTIONS.requests}/busy-${index}`).set({ customerId: "form-busy", status: "active" }),
      ),
    );
    expect(await rejection(run("form-busy", formInput()))).toMatchObject({
      code: "failed-precondition",
      message: REQUEST_FORM_MESSAGES.tooManyActive,
    });
  });
});

describe("the photo the buyer gave the offline Algo", () => {
  it("costs nothing, is kept on 'Pubblica' and is what the shops read", async () => {
    await seedUser("algo-photo-buyer", "customer");
    const chat = (data: Record<string, unknown>) =>
      algo.algoChat.run(callableRequest(data, { uid: "algo-photo-buyer" }));
    // A photo alone: the offline Algo cannot look at it, so it is free; it says the shops will see it.
    const first = await chat({ message: "", imageBase64: JPEG });
    expect(first.message).toContain("i negozi la vedranno");
    expect(first.tokenBalance).toBe(5);
    // The words cost a text chat (0.5), the photo with them nothing more.
    const second = await chat({
      conversationId: first.conversationId,
      message: "Cerco un trapano a percussione a Milano, budget 80 euro, mi serve subito, ritiro in negozio",
      imageBase64: JPEG,
    });
    expect(second.tokenBalance).toBe(4.5);
    expect((await ledger("algo-photo-buyer")).map((entry) => entry.action)).toEqual(["text_chat"]);

    const { requestId } = await publisher.publishAlgoRequest.run(
      callableRequest(
        { conversationId: first.conversationId, location: ISOLA, photos: [PHOTO, PHOTO] },
        { uid: "algo-photo-buyer" },
      ),
    );
    const stored = (await db().doc(`${COLLECTIONS.requests}/${requestId}`).get()).data();
    expect(stored).toMatchObject({ aiGenerated: true, photoCount: 2 });
    expect((await db().doc(`${COLLECTIONS.users}/algo-photo-buyer`).get()).get("aiTokens")).toBe(4.5);

    // The app's data layer, under the rules: a verified shop reads the photos in order…
    await seedShop("photo-shop");
    const shop = await signedInClient(stack, { uid: "photo-shop", email: "photo-shop@example.it" });
    clients.push(shop);
    const photos = await fetchRequestPhotos(requestId, shop.lite);
    expect(photos.map((photo) => [photo.id, photo.data])).toEqual([
      ["p1", JPEG],
      ["p2", JPEG],
    ]);
    expect(photos[0]?.createdAt).toBeInstanceOf(Date);

    // …another buyer is refused.
    expectRulesDenials();
    await seedUser("photo-stranger", "customer");
    const stranger = await signedInClient(stack, {
      uid: "photo-stranger",
      email: "photo-stranger@example.it",
    });
    clients.push(stranger);
    expect(await rejection(fetchRequestPhotos(requestId, stranger.lite))).toMatchObject({
      code: "permission-denied",
    });
  });
});
