// Attacks end to end, in Chromium against the local stack with firestore.rules enforced: what a shop can
// see of the buyers, and where it cannot write. A verified shop reads the request feed as the app does
// and gets only zones and positions on the public 0.01° grid; its /browse page shows no street; the
// buyer's exact position (requests/{id}/private/location) is refused to it. A shop whose offer was
// rejected sees its conversation closed, with no message box, and a message it writes from the page
// anyway, shaped as the app's, is refused. A fresh account that writes userType 'merchant' for itself
// queries the feed and is refused; its screens (sent back to the verification panel, no requests shown)
// are played in tests/e2e/shop-verification.test.ts.
//
// The harness fails a test on any rules denial, so the tests that play the app's screens also prove the
// screens ask for nothing the rules refuse; the tests that attack say so with expectRulesDenials().

import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  DEMO_PASSWORD,
  DEMO_REQUEST_IDS,
  DEMO_REQUESTS,
  DEMO_SHOP_1,
  DEMO_SHOP_2,
  type DemoRequestKey,
} from "../../scripts/seed/demo-data";
import { planNearbyQuery } from "../../src/domain/geo/geo-feed-plan";
import { currentConsent } from "../../src/domain/legal/legal-consent";
import { requestZone } from "../../src/domain/marketplace/geo-privacy";
import { CHAT_MESSAGES } from "../../src/domain/marketplace/marketplace-messages";
import { buildMessageWrite } from "../../src/domain/marketplace/message-document";
import { offerIdFor } from "../../src/domain/marketplace/offer";
import { installFirebase } from "../support/firebase-in-page";
import { expectRulesDenials } from "../support/rules-denials";
import { seededJourney } from "../support/seeded-journey";
import { startStack } from "../support/stack";

const { open, signIn } = seededJourney();

/** The seed's typed street of each request ('Via Giovanni Pascoli 12'): the part before the comune. */
const STREETS = Object.values(DEMO_REQUESTS).map(
  (request) => request.location.address.split(",")[0]?.trim() ?? "",
);
const KEY_OF_ID = new Map<string, DemoRequestKey>(
  Object.entries(DEMO_REQUEST_IDS).map(([key, id]) => [id, key as DemoRequestKey]),
);

/** On the public grid: a whole number of hundredths of a degree. */
const onGrid = (degrees: number) => Math.abs(degrees * 100 - Math.round(degrees * 100)) < 1e-6;

/**
 * In the seed, the buyer accepted Elettronica Navigli's headphones offer, which rejected Sport & Co.
 * Isola's: its conversation (id = offer id) is closed. Isola's jacket offer is pending: that one is open.
 */
const CLOSED_CHAT = offerIdFor(DEMO_REQUEST_IDS.headphones, DEMO_SHOP_2.uid);
const OPEN_CHAT = offerIdFor(DEMO_REQUEST_IDS.jacket, DEMO_SHOP_2.uid);

async function withFirebase(page: Page): Promise<void> {
  await installFirebase(page, (await startStack()).webEnv);
}

/** How a refusal reaches the page: the SDK's error code, or the message of anything else. */
type Outcome = { ok: true } | { ok: false; code: string };

describe("a verified shop sees only coarse positions", () => {
  it("the feed query returns zones and grid positions, and /browse shows no street", async () => {
    const page = await open("/browse", "desktop");
    await signIn(page, DEMO_SHOP_1.email, "/browse");
    await page.getByRole("heading", { level: 1, name: "Richieste vicino a te" }).waitFor({ timeout: 20_000 });
    await page.getByRole("article").first().waitFor({ timeout: 20_000 });
    const text = (await page.locator("body").textContent()) ?? "";
    expect(STREETS.filter((street) => text.includes(street))).toEqual([]);

    // The same feed, read as the app reads it (src/data: status active, the cells of the planner around
    // the shop, newest first, at most 50): the rules allow a shop only cells of its own area.
    const subQueries = planNearbyQuery(DEMO_SHOP_1.location, 10).subQueries.map(({ field, cells }) => ({
      field,
      cells: [...cells],
    }));
    await withFirebase(page);
    const feed = await page.evaluate(
      async ({ email, password, subQueries }) => {
        const { sdk, getAuthInstance, getDb } = window.vicinoTest;
        const { collection, getDocs, limit, orderBy, query, where } = sdk.firestore;
        await sdk.auth.signInWithEmailAndPassword(await getAuthInstance(), email, password);
        const db = await getDb();
        const snapshots = await Promise.all(
          subQueries.map(({ field, cells }) =>
            getDocs(
              query(
                collection(db, "requests"),
                where("status", "==", "active"),
                where(field, "in", cells),
                orderBy("createdAt", "desc"),
                limit(50),
              ),
            ),
          ),
        );
        return snapshots.flatMap((snapshot) =>
          snapshot.docs.map((doc) => ({
            id: doc.id,
            location: doc.data().location as Record<string, unknown>,
            json: JSON.stringify(doc.data()),
          })),
        );
      },
      { email: DEMO_SHOP_1.email, password: DEMO_PASSWORD, subQueries },
    );

    expect(feed.length).toBeGreaterThan(0);
    for (const { id, location, json } of feed) {
      const key = KEY_OF_ID.get(id);
      expect(key, `${id} is a seeded request`).toBeDefined();
      const typed = DEMO_REQUESTS[key as DemoRequestKey].location;
      expect(Object.keys(location).sort()).toEqual(["address", "geohash", "lat", "lng"]);
      expect(location.address, id).toBe(requestZone(typed.address));
      expect(onGrid(location.lat as number), `${id} lat ${location.lat}`).toBe(true);
      expect(onGrid(location.lng as number), `${id} lng ${location.lng}`).toBe(true);
      // No field anywhere in the document gives the street away.
      expect(
        STREETS.filter((street) => json.includes(street)),
        id,
      ).toEqual([]);
    }
  });

  it("the buyer's exact position is refused, even on the request the shop won", async () => {
    expectRulesDenials();
    const page = await open("/", "desktop");
    await withFirebase(page);
    const outcomes = await page.evaluate(
      async ({ email, password, ids }) => {
        const { sdk, getAuthInstance, getDb } = window.vicinoTest;
        const { doc, getDoc } = sdk.firestore;
        await sdk.auth.signInWithEmailAndPassword(await getAuthInstance(), email, password);
        const db = await getDb();
        const outcomes: Record<string, Outcome> = {};
        for (const id of ids) {
          outcomes[id] = await getDoc(doc(db, "requests", id, "private", "location")).then(
            (): Outcome => ({ ok: true }),
            (error: { code?: string; message?: string }): Outcome => ({
              ok: false,
              code: error.code ?? String(error.message),
            }),
          );
        }
        return outcomes;
      },
      {
        email: DEMO_SHOP_1.email,
        password: DEMO_PASSWORD,
        // An active request in its feed, and the headphones, whose offer the buyer accepted.
        ids: [DEMO_REQUEST_IDS.guitar, DEMO_REQUEST_IDS.headphones],
      },
    );
    expect(outcomes).toEqual({
      [DEMO_REQUEST_IDS.guitar]: { ok: false, code: "permission-denied" },
      [DEMO_REQUEST_IDS.headphones]: { ok: false, code: "permission-denied" },
    });
  });
});

describe("a rejected shop cannot write to the buyer", () => {
  it("its conversation says it is closed and has no message box", async () => {
    const page = await open(`/messages/${CLOSED_CHAT}`, "desktop");
    await signIn(page, DEMO_SHOP_2.email, `/messages/${CLOSED_CHAT}`);
    await page
      .getByText(`${CHAT_MESSAGES.conversationClosed}: ${CHAT_MESSAGES.closedOfferRejected}.`, {
        exact: true,
      })
      .waitFor({ timeout: 20_000 });
    // The thread stays readable; there is nothing to write in.
    await page
      .getByRole("log", { name: "Messaggi" })
      .getByText("Se ti servono anche per lo sport, queste sono ideali.", { exact: true })
      .waitFor();
    expect(await page.getByRole("textbox", { name: "Messaggio" }).count()).toBe(0);

    // The same shop's open conversation (its jacket offer is pending) has one.
    await page.goto(`${(await startStack()).urls.app}/messages/${OPEN_CHAT}`);
    await page.getByRole("textbox", { name: "Messaggio" }).waitFor({ timeout: 20_000 });
    expect(await page.getByText(CHAT_MESSAGES.conversationClosed).count()).toBe(0);
  });

  it("a message written from the page anyway, shaped as the app's, is refused", async () => {
    expectRulesDenials();
    // The app's message and lastMessage (src/data/messages.ts sendMessage), with the shop's public name;
    // the marker string becomes serverTimestamp() in the page.
    const NOW = "__serverTimestamp__";
    const write = (conversationId: string) => {
      const id = randomUUID().replaceAll("-", "").slice(0, 20);
      const { message, conversationUpdate } = buildMessageWrite(
        DEMO_SHOP_2.uid,
        {
          conversationId,
          senderName: DEMO_SHOP_2.businessName ?? "",
          senderType: "merchant",
          content: "Ripensaci: te le lascio a 149 €.",
        },
        () => NOW,
        id,
      );
      return { conversationId, id, message, conversationUpdate };
    };

    const page = await open("/", "desktop");
    await withFirebase(page);
    const outcomes = await page.evaluate(
      async ({ email, password, now, open, closed }) => {
        const { sdk, getAuthInstance, getDb } = window.vicinoTest;
        const { addDoc, collection, doc, serverTimestamp, writeBatch } = sdk.firestore;
        await sdk.auth.signInWithEmailAndPassword(await getAuthInstance(), email, password);
        const db = await getDb();
        const stamp = (value: unknown): unknown =>
          value === now
            ? serverTimestamp()
            : Array.isArray(value)
              ? value.map(stamp)
              : value && typeof value === "object"
                ? Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, stamp(inner)]))
                : value;
        const settle = (pending: Promise<unknown>): Promise<Outcome> =>
          pending.then(
            (): Outcome => ({ ok: true }),
            (error: { code?: string; message?: string }): Outcome => ({
              ok: false,
              code: error.code ?? String(error.message),
            }),
          );
        type Write = typeof open;
        /** sendMessage's batch: the message and the conversation's lastMessage, both or neither. */
        const send = (write: Write) => {
          const batch = writeBatch(db);
          batch.set(
            doc(db, "conversations", write.conversationId, "messages", write.id),
            stamp(write.message),
          );
          batch.update(
            doc(db, "conversations", write.conversationId),
            stamp(write.conversationUpdate) as Record<string, unknown>,
          );
          return settle(batch.commit());
        };
        return {
          // Control: the same write in the shop's open conversation goes through.
          open: await send(open),
          closedBatch: await send(closed),
          closedAddDoc: await settle(
            addDoc(
              collection(db, "conversations", closed.conversationId, "messages"),
              stamp(closed.message) as Record<string, unknown>,
            ),
          ),
        };
      },
      {
        email: DEMO_SHOP_2.email,
        password: DEMO_PASSWORD,
        now: NOW,
        open: write(OPEN_CHAT),
        closed: write(CLOSED_CHAT),
      },
    );
    expect(outcomes).toEqual({
      open: { ok: true },
      closedBatch: { ok: false, code: "permission-denied" },
      closedAddDoc: { ok: false, code: "permission-denied" },
    });
  });
});

describe("a fresh account that calls itself a merchant sees no requests", () => {
  // Its screens are in tests/e2e/shop-verification.test.ts; here, the query the feed makes, from its page.
  it("its own users document says 'merchant', and the feed query is refused", async () => {
    expectRulesDenials();
    const page = await open("/", "desktop");
    await withFirebase(page);
    // The consent a sign-up records, with the current versions (the rules require it).
    const consent = currentConsent(() => null);
    const outcome = await page.evaluate(
      async (versions) => {
        const { sdk, getAuthInstance, getDb } = window.vicinoTest;
        const { collection, doc, getDocs, limit, orderBy, query, serverTimestamp, setDoc, where } =
          sdk.firestore;
        const email = `finto.attacco.${Date.now()}@example.com`;
        const { user } = await sdk.auth.createUserWithEmailAndPassword(
          await getAuthInstance(),
          email,
          "segreta1",
        );
        const db = await getDb();
        // Sign-up as the rules allow it: the role is the client's word.
        await setDoc(doc(db, "users", user.uid), {
          id: user.uid,
          email,
          displayName: "Finto Negozio",
          userType: "merchant",
          businessName: "Finto Negozio",
          createdAt: serverTimestamp(),
          consent: { ...versions, acceptedAt: serverTimestamp() },
        });
        return getDocs(
          query(
            collection(db, "requests"),
            where("status", "==", "active"),
            orderBy("createdAt", "desc"),
            limit(50),
          ),
        ).then(
          (snapshot) => ({ ok: true as const, seen: snapshot.size }),
          (error: { code?: string }) => ({ ok: false as const, code: error.code }),
        );
      },
      { termsVersion: consent.termsVersion, privacyVersion: consent.privacyVersion },
    );
    expect(outcome).toEqual({ ok: false, code: "permission-denied" });
  });
});
