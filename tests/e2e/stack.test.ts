import { createTransport } from "nodemailer";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DEMO_BUYER,
  DEMO_PASSWORD,
  DEMO_REQUEST_IDS,
  DEMO_SHOP_1,
  DEMO_SHOP_2,
} from "../../scripts/seed/demo-data";
import { COLLECTIONS, SUBCOLLECTIONS } from "../../src/domain/core/collections";
import { shopAreaAround } from "../../src/domain/geo/shop-area";
import { buildMessageWrite } from "../../src/domain/marketplace/message-document";
import { requestSchema } from "../../src/domain/marketplace/request";
import { openPage, testChromium } from "../support/browser";
import { installFirebase } from "../support/firebase-in-page";
import { SERVER_WAIT_MS } from "../support/page-ready";
import { expectRulesDenials } from "../support/rules-denials";
import { startStack, stopStack, type TestStack } from "../support/stack";

/** The collections the page's own SDK reads and writes below (code run in the page gets them as an argument). */
const COLLECTION_NAMES = {
  users: COLLECTIONS.users,
  requests: COLLECTIONS.requests,
  conversations: COLLECTIONS.conversations,
  messages: SUBCOLLECTIONS.messages,
};

// The proof that `npm start` works: the same stack, seeded with the same data, read by the
// app's own Firebase module and the browser SDK in Chromium.

let stack: TestStack;
let browser: Browser;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack(), testChromium()]);
  await stack.seed();
});

afterAll(async () => {
  await browser?.close();
  await stopStack();
});

describe("every service of the local stack answers", () => {
  it("the Auth emulator", async () => {
    const response = await fetch(`${stack.urls.auth}/`);
    expect(await response.json()).toMatchObject({ authEmulator: { ready: true } });
  });

  it("Google's Firestore emulator, with firestore.rules enforced: an unauthenticated read is refused", async () => {
    expectRulesDenials();
    const documents = `${stack.urls.firestore}/v1/projects/${stack.projectId}/databases/(default)/documents`;
    const asNobody = await fetch(`${documents}/${COLLECTIONS.requests}/${DEMO_REQUEST_IDS.iphone}`);
    expect(asNobody.status).toBe(403);
    expect(await asNobody.json()).toMatchObject({ error: { status: "PERMISSION_DENIED" } });
    const listing = await fetch(`${documents}/requests`);
    expect(listing.status).toBe(403);
    // The same document exists: the admin identity (what the seed and the functions use) reads it.
    const asAdmin = await fetch(`${documents}/${COLLECTIONS.requests}/${DEMO_REQUEST_IDS.iphone}`, {
      headers: { Authorization: "Bearer owner" },
    });
    expect(asAdmin.status).toBe(200);
  });

  it("the Functions emulator runs the bundle in europe-west8", async () => {
    const response = await fetch(stack.functionUrl("health"));
    expect(await response.json()).toEqual({ ok: true, region: "europe-west8" });
  });

  it("MailDev receives SMTP mail and lists it over its API", async () => {
    await stack.inbox.clear();
    const smtp = createTransport({ host: "127.0.0.1", port: stack.ports.smtp, secure: false });
    await smtp.sendMail({
      from: "Vicino <noreply@vicino.test>",
      to: DEMO_BUYER.email,
      subject: "Prova è arrivata",
      text: "Ciao!",
    });
    const email = await stack.inbox.waitFor((mail) => mail.subject === "Prova è arrivata");
    expect(email.to[0]?.address).toBe(DEMO_BUYER.email);
  });

  it("Firestore triggers reach the Functions emulator: a chat message notifies the participant who is away", async () => {
    // The stack registers the functions' Firestore triggers with Google's emulator
    // (scripts/stack/firestore-triggers.ts): a message written to a seeded chat runs onMessageCreated,
    // which tells the shop (no presence recorded: away) with a notification in users/{uid}/notifications.
    const documents = `${stack.urls.firestore}/v1/projects/${stack.projectId}/databases/(default)/documents`;
    const asOwner = { authorization: "Bearer owner", "content-type": "application/json" };
    const chat = `${DEMO_REQUEST_IDS.charger}_${DEMO_SHOP_1.uid}`;
    const messageId = `trigger-check-${Date.now()}`;
    const written = await fetch(
      `${documents}/${COLLECTIONS.conversations}/${chat}/${SUBCOLLECTIONS.messages}/${messageId}`,
      {
        method: "PATCH",
        headers: asOwner,
        body: JSON.stringify({
          fields: {
            conversationId: { stringValue: chat },
            senderId: { stringValue: DEMO_BUYER.uid },
            senderName: { stringValue: "Giulia" },
            senderType: { stringValue: "customer" },
            content: { stringValue: "Passo domani alle 10, va bene?" },
            type: { stringValue: "text" },
            readBy: { arrayValue: { values: [{ stringValue: DEMO_BUYER.uid }] } },
            createdAt: { timestampValue: new Date().toISOString() },
          },
        }),
      },
    );
    expect(written.status).toBe(200);
    const notifications = async () => {
      const response = await fetch(
        `${documents}/${COLLECTIONS.users}/${DEMO_SHOP_1.uid}/${SUBCOLLECTIONS.notifications}`,
        {
          headers: asOwner,
        },
      );
      const body = (await response.json()) as {
        documents?: { name: string; fields: Record<string, unknown> }[];
      };
      return (body.documents ?? []).filter((doc) => doc.name.endsWith(messageId));
    };
    await expect.poll(notifications, { timeout: 60_000, interval: 500 }).toHaveLength(1);
    const [notification] = await notifications();
    expect(notification?.fields).toMatchObject({ kind: { stringValue: "message_received" } });
    // The seed's conversations (days old, written before this message, their triggers run by now) are
    // history: the buyer, away as well, was told nothing of the shops' seeded messages.
    const buyers = await fetch(
      `${documents}/${COLLECTIONS.users}/${DEMO_BUYER.uid}/${SUBCOLLECTIONS.notifications}`,
      { headers: asOwner },
    );
    const { documents: buyerNotifications = [] } = (await buyers.json()) as {
      documents?: { fields: { kind?: { stringValue?: string } } }[];
    };
    expect(buyerNotifications.filter((doc) => doc.fields.kind?.stringValue === "message_received")).toEqual(
      [],
    );
  });

  it("a request published near a shop reaches it through the Cloud Tasks emulator: trigger, digest task, notification", async () => {
    // A shop opened for this test (a copy of Elettronica Navigli's user document under a new uid), so that
    // no digest already queued this hour stands in the way: firebase-tools' Cloud Tasks emulator keeps every
    // task id it was given for the whole run, and a digest's id is its shop and hour. onUserWritten indexes
    // the shop; a request written now near it, in one of its categories, runs onRequestWritten (the fan-out),
    // which merges it into its cover cells' inboxes and queues one sendShopDigest task per cell; each cell
    // task (dispatched at once there, at the hour's end in production) finds the cell's shops that hear of
    // it and queues their digests, which write the requests_nearby notification. A shop in other
    // categories hears nothing.
    const documents = `${stack.urls.firestore}/v1/projects/${stack.projectId}/databases/(default)/documents`;
    const asOwner = { authorization: "Bearer owner", "content-type": "application/json" };
    const shopId = `fanout-shop-${Date.now()}`;
    const navigli = (await (
      await fetch(`${documents}/${COLLECTIONS.users}/${DEMO_SHOP_1.uid}`, { headers: asOwner })
    ).json()) as {
      fields: Record<string, unknown>;
    };
    const opened = await fetch(`${documents}/${COLLECTIONS.users}/${shopId}`, {
      method: "PATCH",
      headers: asOwner,
      body: JSON.stringify({
        fields: { ...navigli.fields, email: { stringValue: `${shopId}@vicino.test` } },
      }),
    });
    expect(opened.status).toBe(200);
    await expect
      .poll(async () => (await fetch(`${documents}/shopIndex/${shopId}`, { headers: asOwner })).status, {
        timeout: SERVER_WAIT_MS,
        interval: 250,
      })
      .toBe(200);
    const requestId = `fanout-check-${Date.now()}`;
    const near = { lat: 45.4532, lng: 9.1771 };
    const written = await fetch(`${documents}/${COLLECTIONS.requests}/${requestId}`, {
      method: "PATCH",
      headers: asOwner,
      body: JSON.stringify({
        fields: {
          customerId: { stringValue: DEMO_BUYER.uid },
          productName: { stringValue: "Cavo HDMI 2 metri" },
          category: { stringValue: "elettronica" },
          status: { stringValue: "active" },
          actionRadius: { integerValue: "10" },
          location: {
            mapValue: { fields: { lat: { doubleValue: near.lat }, lng: { doubleValue: near.lng } } },
          },
          createdAt: { timestampValue: new Date().toISOString() },
        },
      }),
    });
    expect(written.status).toBe(200);
    const digestOf = async (uid: string) => {
      const response = await fetch(
        `${documents}/${COLLECTIONS.users}/${uid}/${SUBCOLLECTIONS.notifications}`,
        { headers: asOwner },
      );
      const body = (await response.json()) as {
        documents?: { fields: Record<string, { stringValue?: string }> }[];
      };
      return (body.documents ?? []).filter(
        (doc) =>
          doc.fields.kind?.stringValue === "requests_nearby" &&
          doc.fields.body?.stringValue?.includes("Cavo HDMI"),
      );
    };
    await expect.poll(() => digestOf(shopId), { timeout: 60_000, interval: 500 }).toHaveLength(1);
    expect(await digestOf(DEMO_SHOP_2.uid)).toEqual([]);
    // The tests below count the seeded marketplace's active requests and shops.
    for (const path of [`${COLLECTIONS.requests}/${requestId}`, `${COLLECTIONS.users}/${shopId}`]) {
      const removed = await fetch(`${documents}/${path}`, { method: "DELETE", headers: asOwner });
      expect(removed.status).toBe(200);
    }
  });

  it("the SPA, with history fallback for deep links", async () => {
    for (const path of ["/", "/customer", "/messages/qualcosa"]) {
      const response = await fetch(`${stack.urls.app}${path}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<div id="root">');
    }
  });

  it("/api/* goes to the Functions emulator, as Hosting rewrites do", async () => {
    const response = await fetch(`${stack.urls.app}/api/send-email`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    // Whatever sendEmail answers (it may not exist yet), it is not the SPA's index.html.
    expect(await response.text()).not.toContain('<div id="root">');
  });
});

describe("the app reads the seeded marketplace through the browser SDK", () => {
  it("a buyer signs in through the Auth emulator and reads their data from Firestore", async () => {
    const { page, errors, close } = await openPage(browser, `${stack.urls.app}/`, "phone");
    try {
      await page.waitForSelector("#root > *");
      await installFirebase(page, stack.webEnv);

      const seen = await page.evaluate(
        async ({ email, password, names }) => {
          const { sdk, getAuthInstance, getDb, env } = window.vicinoTest;
          const { collection, doc, getDoc, getDocs, limit, orderBy, query, where } = sdk.firestore;
          const auth = await getAuthInstance();
          const { user } = await sdk.auth.signInWithEmailAndPassword(auth, email, password);
          const db = await getDb();
          const profile = await getDoc(doc(db, names.users, user.uid));
          const requests = await getDocs(
            query(
              collection(db, names.requests),
              where("customerId", "==", user.uid),
              orderBy("createdAt", "desc"),
              limit(50),
            ),
          );
          const conversations = await getDocs(
            query(
              collection(db, names.conversations),
              where("participants.customerId", "==", user.uid),
              orderBy("updatedAt", "desc"),
              limit(50),
            ),
          );
          const firstChat = conversations.docs[0];
          const messages = firstChat
            ? await getDocs(
                query(
                  collection(db, names.conversations, firstChat.id, names.messages),
                  orderBy("createdAt", "asc"),
                  limit(50),
                ),
              )
            : undefined;
          // Timestamps cross the page boundary as { __date: millis }.
          const plain = (value: unknown): unknown =>
            value instanceof sdk.firestore.Timestamp
              ? { __date: value.toMillis() }
              : Array.isArray(value)
                ? value.map(plain)
                : value && typeof value === "object"
                  ? Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, plain(inner)]))
                  : value;
          return {
            uid: user.uid,
            emulators: env.emulators,
            userType: profile.data()?.userType,
            requests: requests.docs.map((snapshot) => ({
              id: snapshot.id,
              ...(plain(snapshot.data()) as object),
            })),
            conversations: conversations.size,
            messages: messages?.docs.map((snapshot) => snapshot.data().content as string) ?? [],
          };
        },
        { email: DEMO_BUYER.email, password: DEMO_PASSWORD, names: COLLECTION_NAMES },
      );

      expect(seen.uid).toBe(DEMO_BUYER.uid);
      expect(seen.emulators?.firestore.port).toBe(stack.ports.firestore);
      expect(seen.userType).toBe("customer");
      // Twelve demo requests, three of them the neighbour's (a buyer has at most five active).
      expect(seen.requests).toHaveLength(9);
      const revive = (value: unknown): unknown =>
        Array.isArray(value)
          ? value.map(revive)
          : value && typeof value === "object"
            ? "__date" in value
              ? new Date((value as { __date: number }).__date)
              : Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, revive(inner)]))
            : value;
      const requests = seen.requests.map((request) => requestSchema.parse(revive(request)));
      expect(new Set(requests.map((request) => request.status))).toEqual(
        new Set(["active", "in_progress", "completed", "cancelled"]),
      );
      expect(requests.map((request) => request.createdAt.getTime())).toEqual(
        requests.map((request) => request.createdAt.getTime()).sort((a, b) => b - a),
      );
      expect(requests.find((request) => request.id === DEMO_REQUEST_IDS.iphone)?.gh5).toHaveLength(5);
      // Eleven conversations, one on the neighbour's jacket.
      expect(seen.conversations).toBe(10);
      expect(seen.messages.length).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("callables demand App Check: the app's call carries a token and passes, the same call without one is refused", async () => {
    // From outside the app, with no App Check token: refused before any handler runs.
    const bare = await fetch(stack.functionUrl("syncProfile"), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ data: null }),
    });
    expect(bare.status).toBe(401);
    expect(await bare.json()).toEqual({ error: { status: "UNAUTHENTICATED", message: "Unauthenticated" } });

    const { page, errors, close } = await openPage(browser, `${stack.urls.app}/`, "phone");
    try {
      await installFirebase(page, stack.webEnv);
      const appCheckHeaders: (string | undefined)[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST" && request.url() === stack.functionUrl("syncProfile")) {
          appCheckHeaders.push(request.headers()["x-firebase-appcheck"]);
        }
      });
      const answers = await page.evaluate(
        async ({ email, password, url }) => {
          const { sdk, getAuthInstance, getFunctionsInstance } = window.vicinoTest;
          const { user } = await sdk.auth.signInWithEmailAndPassword(
            await getAuthInstance(),
            email,
            password,
          );
          // The app's way: the Functions instance of src/data/firebase.ts, App Check initialised with it.
          const call = sdk.functions.httpsCallable(await getFunctionsInstance(), "syncProfile");
          const { data } = await call(null);
          // The same user and callable, without the App Check header.
          const response = await fetch(url, {
            method: "POST",
            headers: {
              "Content-Type": "application/json",
              Authorization: `Bearer ${await user.getIdToken()}`,
            },
            body: JSON.stringify({ data: null }),
          });
          return {
            app: data,
            withoutAppCheck: { status: response.status, body: (await response.json()) as unknown },
          };
        },
        { email: DEMO_BUYER.email, password: DEMO_PASSWORD, url: stack.functionUrl("syncProfile") },
      );
      expect(answers.app).toMatchObject({ profile: expect.any(Object) });
      expect(answers.withoutAppCheck).toEqual({
        status: 401,
        body: { error: { status: "UNAUTHENTICATED", message: "Unauthenticated" } },
      });
      // The app's request carried the emulators' unsigned App Check token (header.payload. with alg none).
      expect(appCheckHeaders).toHaveLength(2);
      expect(appCheckHeaders[0]).toMatch(/^[\w-]+\.[\w-]+\.$/);
      expect(appCheckHeaders[1]).toBeUndefined();
      // Chromium logs the refused fetch; nothing else went wrong.
      expect(errors).toEqual([
        "Failed to load resource: the server responded with a status of 401 (Unauthorized)",
      ]);
    } finally {
      await close();
    }
  });

  it("the app's /api/send-email reaches the functions, which mail this stack's inbox", async () => {
    await stack.inbox.clear();
    const { page, close } = await openPage(browser, `${stack.urls.app}/`, "phone");
    try {
      await installFirebase(page, stack.webEnv);
      const answer = await page.evaluate(
        async ({ email, password }) => {
          const { sdk, getAuthInstance } = window.vicinoTest;
          const { user } = await sdk.auth.signInWithEmailAndPassword(
            await getAuthInstance(),
            email,
            password,
          );
          const response = await fetch("/api/send-email", {
            method: "POST",
            headers: {
              "Content-Type": "application/json",
              Authorization: `Bearer ${await user.getIdToken()}`,
            },
            body: JSON.stringify({ type: "welcome" }),
          });
          return { status: response.status, body: (await response.json()) as unknown };
        },
        { email: DEMO_BUYER.email, password: DEMO_PASSWORD },
      );
      expect(answer).toEqual({ status: 200, body: { ok: true } });
      const email = await stack.inbox.waitFor((mail) =>
        mail.to.some((to) => to.address === DEMO_BUYER.email),
      );
      expect(email.subject).toContain("Vicino");
    } finally {
      await close();
    }
  });

  it("a merchant finds active requests near the shop and sees a new message live", async () => {
    const { page, close } = await openPage(browser, `${stack.urls.app}/`, "desktop");
    try {
      await installFirebase(page, stack.webEnv);
      const active = await page.evaluate(
        async ({ email, password, area, names }) => {
          const { sdk, getAuthInstance, getDb } = window.vicinoTest;
          const { collection, getDocs, limit, orderBy, query, where } = sdk.firestore;
          await sdk.auth.signInWithEmailAndPassword(await getAuthInstance(), email, password);
          const db = await getDb();
          // The rules let a shop list only the cells of its area (shopAreas/{uid}, which syncProfile
          // writes and no client reads: the same cells, computed here).
          const chunks: string[][] = [];
          for (let i = 0; i < area.gh4.length; i += 30) chunks.push(area.gh4.slice(i, i + 30));
          const snapshots = await Promise.all(
            chunks.map((cells) =>
              getDocs(
                query(
                  collection(db, names.requests),
                  where("status", "==", "active"),
                  where("gh4", "in", cells),
                  // The feed's own order (src/data/feed-query.ts), whose index production has: createdAt alone
                  // has none (an index's fields after the order would break its __name__ tiebreak).
                  orderBy("createdAt", "desc"),
                  orderBy("actionRadius", "desc"),
                  orderBy("location.lat", "desc"),
                  orderBy("location.lng", "desc"),
                  limit(50),
                ),
              ),
            ),
          );
          return snapshots
            .flatMap((snapshot) => snapshot.docs)
            .sort((a, b) => b.data().createdAt.toMillis() - a.data().createdAt.toMillis())
            .map((found) => found.id);
        },
        {
          email: DEMO_SHOP_1.email,
          password: DEMO_PASSWORD,
          area: shopAreaAround(DEMO_SHOP_1.location),
          names: COLLECTION_NAMES,
        },
      );
      expect(active).toHaveLength(7);
      expect(active[0]).toBe(DEMO_REQUEST_IDS.backpack);

      // A listener (WebChannel Listen stream) on the iPhone chat; the buyer's reply arrives live.
      const chatId = "demo-req-iphone_demo-negozio-1";
      await page.evaluate(
        async ({ conversationId, names }) => {
          const { sdk, getDb } = window.vicinoTest;
          const { collection, limit, onSnapshot, orderBy, query } = sdk.firestore;
          const db = await getDb();
          const seen: string[] = [];
          (window as unknown as { seenMessages: string[] }).seenMessages = seen;
          onSnapshot(
            query(
              collection(db, names.conversations, conversationId, names.messages),
              orderBy("createdAt"),
              limit(50),
            ),
            (snapshot) => {
              seen.splice(0, seen.length, ...snapshot.docs.map((doc) => doc.data().content as string));
            },
          );
        },
        { conversationId: chatId, names: COLLECTION_NAMES },
      );
      await page.waitForFunction(
        () => (window as unknown as { seenMessages: string[] }).seenMessages.length === 2,
      );

      const buyer = await openPage(browser, `${stack.urls.app}/`, "phone");
      try {
        await installFirebase(buyer.page, stack.webEnv);
        // As the app writes it (src/data/messages.ts sendMessage): the message and the conversation's
        // lastMessage in one batch, the marker string becoming serverTimestamp() in the page.
        const NOW = "__serverTimestamp__";
        const { message, conversationUpdate } = buildMessageWrite(
          DEMO_BUYER.uid,
          {
            conversationId: chatId,
            senderName: DEMO_BUYER.displayName,
            senderType: "customer",
            content: "Passo stasera a vederlo!",
          },
          () => NOW,
          "stackreply0000000001",
        );
        await buyer.page.evaluate(
          async ({ email, password, conversationId, now, message, conversationUpdate, names }) => {
            const { sdk, getAuthInstance, getDb } = window.vicinoTest;
            const { doc, serverTimestamp, writeBatch } = sdk.firestore;
            await sdk.auth.signInWithEmailAndPassword(await getAuthInstance(), email, password);
            const stamp = (value: unknown): unknown =>
              value === now
                ? serverTimestamp()
                : value && typeof value === "object" && !Array.isArray(value)
                  ? Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, stamp(inner)]))
                  : value;
            const db = await getDb();
            const batch = writeBatch(db);
            batch.set(
              doc(db, names.conversations, conversationId, names.messages, "stackreply0000000001"),
              stamp(message) as Record<string, unknown>,
            );
            batch.update(
              doc(db, names.conversations, conversationId),
              stamp(conversationUpdate) as Record<string, unknown>,
            );
            await batch.commit();
          },
          {
            email: DEMO_BUYER.email,
            password: DEMO_PASSWORD,
            conversationId: chatId,
            now: NOW,
            message,
            conversationUpdate,
            names: COLLECTION_NAMES,
          },
        );
      } finally {
        await buyer.close();
      }
      await page.waitForFunction(() =>
        (window as unknown as { seenMessages: string[] }).seenMessages.includes("Passo stasera a vederlo!"),
      );
    } finally {
      await close();
    }
  });
});
