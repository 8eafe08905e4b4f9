// The messages screen's first reads over REST (src/features/messages/api/first-reads.ts, chat-reads.ts)
// against Google's Firestore emulator with firestore.rules loaded: the conversation list's two queries,
// a conversation's document, offer and request by id, and its newest messages (a subcollection), each
// with the user's own ID token, parsed by the app's parsers and compared with what Firestore Lite reads
// through the same QuerySpecs. Someone else's token is refused, so the screen falls back to the SDK.

import { getAuth } from "firebase/auth";
import * as lite from "firebase/firestore/lite";
import { deleteApp } from "firebase-admin/app";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConversationDocuments, parseUserConversations } from "../../src/data/conversations";
import { parseOneRestDocument } from "../../src/data/document";
import { liteQuery } from "../../src/data/firestore-lite";
import { getDocumentOverRest, type RestDatabase, runQueryOverRest } from "../../src/data/firestore-rest";
import { parseMessage, parseMessageDocuments } from "../../src/data/messages";
import { parseOfferDocuments } from "../../src/data/offer-documents";
import {
  conversationDocument,
  newestMessagesQuery,
  offerDocument,
  requestDocument,
  userConversationsQueries,
} from "../../src/data/page-queries";
import { parseRequestDocuments } from "../../src/data/request-parsing";
import { COLLECTIONS, SUBCOLLECTIONS } from "../../src/domain/core/collections";
import { MESSAGE_PAGE_SIZE } from "../../src/domain/core/limits";
import { buildMessageWrite } from "../../src/domain/marketplace/message-document";
import { buildRequestDocument } from "../../src/domain/marketplace/request-document";
import { overrideEnv } from "../support/callables";
import { sendsMessage } from "../support/chat-writes";
import { EARLIER, seedUserDoc, VERIFIED_SHOP } from "../support/integration-seed";
import { seedTrial } from "../support/plans";
import { expectRulesDenials } from "../support/rules-denials";
import { type SignedInClient, signedInClient } from "../support/signed-in-client";
import { DATA_LAYER, startStack, stopStack, type TestStack } from "../support/stack";

type SubmitModule = typeof import("../../functions/src/offers/submit-offer");
type AdminModule = typeof import("../../functions/src/lib/admin");

let stack: TestStack;
let admin: AdminModule;
let restoreEnv: () => void = () => {};
let buyer: SignedInClient;
let shop: SignedInClient;
let stranger: SignedInClient;
let database: RestDatabase;

const BUYER = "buyer";
const SHOP = "shop";
const STRANGER = "stranger";
const REQUEST = "req";
const CHAT = `${REQUEST}_${SHOP}`;
const SHOP_NAME = "Ferramenta Rossi";

const tokenOf = async (client: SignedInClient) => ({
  idToken: await getAuth(client.app).currentUser!.getIdToken(),
});

/** The shop's app sends a message (tests/support/chat-writes.ts), under the rules. */
const shopSends = (content: string) =>
  sendsMessage(shop, { conversationId: CHAT, senderName: SHOP_NAME, senderType: "merchant" }, content);

beforeAll(async () => {
  stack = await startStack(DATA_LAYER);
  restoreEnv = overrideEnv({
    FIRESTORE_EMULATOR_HOST: stack.hosts.firestore,
    GCLOUD_PROJECT: stack.projectId,
    METADATA_SERVER_DETECTION: "none",
  });
  let submit: SubmitModule;
  [submit, admin] = await Promise.all([
    import("../../functions/src/offers/submit-offer"),
    import("../../functions/src/lib/admin"),
  ]);
  await stack.resetData();
  const db = admin.adminDb();
  await seedUserDoc(db, BUYER, "customer", { displayName: "Anna Bianchi" });
  await seedUserDoc(db, STRANGER, "customer", { displayName: "Carlo Verdi" });
  await seedUserDoc(db, SHOP, "merchant", {
    displayName: "Mario",
    businessName: SHOP_NAME,
    // Beside the request: submitOffer checks the request is within the shop's area.
    location: { lat: 45.4642, lng: 9.19, address: "Via Torino 1, Milano" },
    shop: VERIFIED_SHOP,
  });
  await seedTrial(db, SHOP);
  await db
    .collection(COLLECTIONS.profiles)
    .doc(SHOP)
    .set({ uid: SHOP, displayName: "Mario", businessName: SHOP_NAME, userType: "merchant" });
  const { document: request } = buildRequestDocument(
    {
      customerId: BUYER,
      request: {
        productName: "Trapano avvitatore",
        category: "casa",
        budget: { min: 50, max: 120 },
        urgency: "giornata",
        deliveryPreference: "pickup",
        actionRadius: 10,
        location: { lat: 45.4642, lng: 9.19, address: "Via Torino 1, Milano" },
        productDetails: { condition: "nuovo" },
      },
    },
    () => EARLIER,
  );
  await db.collection(COLLECTIONS.requests).doc(REQUEST).set(request);
  [buyer, shop, stranger] = await Promise.all([
    signedInClient(stack, { uid: BUYER, email: `${BUYER}@example.it` }),
    signedInClient(stack, { uid: SHOP, email: `${SHOP}@example.it` }),
    signedInClient(stack, { uid: STRANGER, email: `${STRANGER}@example.it` }),
  ]);
  const deps = { db, now: () => new Date() };
  await submit.submitOfferCall(
    SHOP,
    { requestId: REQUEST, price: 89.5, description: "Con garanzia", deliveryOptions: ["pickup"] },
    deps,
  );
  // An older message stored directly (the rules let a participant write one a second at most), then the
  // shop's message as its app sends it.
  const older = buildMessageWrite(
    SHOP,
    {
      conversationId: CHAT,
      senderName: SHOP_NAME,
      senderType: "merchant",
      content: "Buongiorno, è disponibile",
    },
    () => EARLIER,
    "older",
  );
  await db
    .collection(COLLECTIONS.conversations)
    .doc(CHAT)
    .collection(SUBCOLLECTIONS.messages)
    .doc("older")
    .set(older.message);
  await shopSends("Passi pure in negozio");
  database = { origin: `http://${stack.hosts.firestore}`, projectId: stack.projectId };
});

afterAll(async () => {
  await Promise.all([buyer?.close(), shop?.close(), stranger?.close()]);
  if (admin) await deleteApp(admin.adminApp());
  await stopStack();
  restoreEnv();
});

describe("the messages screen's first reads over REST, under the rules", () => {
  it("reads the buyer's conversation list as Firestore Lite reads it", async () => {
    const credentials = await tokenOf(buyer);
    const specs = userConversationsQueries(BUYER);
    const answers = await Promise.all(specs.map((spec) => runQueryOverRest(spec, credentials, database)));
    const viaRest = await parseUserConversations(answers);
    const viaLite = await Promise.all(
      specs.map(async (spec) => (await lite.getDocs(liteQuery(buyer.lite, spec))).docs.map((doc) => doc.id)),
    );
    expect(viaRest.map((conversation) => conversation.id)).toEqual([CHAT]);
    expect(viaLite).toEqual([[CHAT], []]);
    expect(viaRest[0]?.lastMessage?.content).toBe("Passi pure in negozio");
  });

  it("reads a conversation, its offer, its request and its newest messages by the buyer's token", async () => {
    const credentials = await tokenOf(buyer);
    const [conversation, offer, request, messages] = await Promise.all([
      getDocumentOverRest(conversationDocument(CHAT), credentials, database),
      getDocumentOverRest(offerDocument(CHAT), credentials, database),
      getDocumentOverRest(requestDocument(REQUEST), credentials, database),
      runQueryOverRest(newestMessagesQuery(CHAT, MESSAGE_PAGE_SIZE), credentials, database),
    ]);
    expect(await parseOneRestDocument(parseConversationDocuments)(conversation)).toMatchObject({
      id: CHAT,
      participants: { customerId: BUYER, merchantId: SHOP },
    });
    expect(await parseOneRestDocument(parseOfferDocuments)(offer)).toMatchObject({ id: CHAT, price: 89.5 });
    expect(await parseOneRestDocument(parseRequestDocuments)(request)).toMatchObject({
      productName: "Trapano avvitatore",
    });
    const thread = await parseMessageDocuments(messages);
    const viaLite = (await lite.getDocs(liteQuery(buyer.lite, newestMessagesQuery(CHAT, MESSAGE_PAGE_SIZE))))
      .docs;
    expect(thread.map((message) => message.content)).toEqual([
      "Passi pure in negozio",
      "Buongiorno, è disponibile",
    ]);
    expect(thread).toEqual(viaLite.map((doc) => parseMessage(doc.id, doc.data())));
  });

  it("answers null for a missing offer the shop may look up, and refuses someone else's conversation", async () => {
    expectRulesDenials();
    const shopToken = await tokenOf(shop);
    await expect(
      getDocumentOverRest(offerDocument(`other_${SHOP}`), shopToken, database),
    ).resolves.toBeNull();
    const strangerToken = await tokenOf(stranger);
    await expect(getDocumentOverRest(conversationDocument(CHAT), strangerToken, database)).rejects.toThrow(
      /answered 403/,
    );
    await expect(
      runQueryOverRest(newestMessagesQuery(CHAT, MESSAGE_PAGE_SIZE), strangerToken, database),
    ).rejects.toThrow(/runQuery answered 403/);
    await expect(
      getDocumentOverRest(requestDocument(REQUEST), { idToken: "not-a-token" }, database),
    ).rejects.toThrow(/answered 4\d\d/);
    // Firestore Lite, the fallback, is refused the same.
    await expect(lite.getDoc(lite.doc(stranger.lite, COLLECTIONS.conversations, CHAT))).rejects.toMatchObject(
      {
        code: "permission-denied",
      },
    );
  });
});
