// Attacks end to end, in Chromium against the local stack with firestore.rules enforced: what a shop can
// see of the buyers, and where it cannot write. A verified shop reads the request feed as the app does
// and gets only zones and positions on the public 0.01° grid; its /browse page shows no street. A shop
// whose offer was rejected sees its conversation closed, with no message box.
//
// The refusals themselves are proved where they are decided, in the rules layer, with the app's own
// document builders: the buyer's exact position refused to every shop, the one that won the deal
// included (tests/rules/request-privacy.test.ts); a message to a closed conversation refused
// (tests/rules/conversation-closing.test.ts); a self-declared merchant's feed query refused
// (tests/rules/shop-gate.test.ts); its screens are played in tests/e2e/shop-verification.test.ts.
// The harness fails a journey on any rules denial, so these screens ask for nothing the rules refuse.

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
import { requestZone } from "../../src/domain/marketplace/geo-privacy";
import { CHAT_MESSAGES } from "../../src/domain/marketplace/marketplace-messages";
import { offerIdFor } from "../../src/domain/marketplace/offer";
import { installFirebase } from "../support/firebase-in-page";
import { SERVER_WAIT_MS } from "../support/page-ready";
import { seededJourney } from "../support/seeded-journey";
import { startStack } from "../support/stack";

const { openAs } = seededJourney();

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

describe("a verified shop sees only coarse positions", () => {
  it("the feed query returns zones and grid positions, and /browse shows no street", async () => {
    const page = await openAs(DEMO_SHOP_1.email, "/browse", "desktop");
    await page
      .getByRole("heading", { level: 1, name: "Richieste vicino a te" })
      .waitFor({ timeout: SERVER_WAIT_MS });
    await page.getByRole("article").first().waitFor({ timeout: SERVER_WAIT_MS });
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
});

describe("a rejected shop cannot write to the buyer", () => {
  it("its conversation says it is closed and has no message box", async () => {
    const page = await openAs(DEMO_SHOP_2.email, `/messages/${CLOSED_CHAT}`, "desktop");
    await page
      .getByText(`${CHAT_MESSAGES.conversationClosed}: ${CHAT_MESSAGES.closedOfferRejected}.`, {
        exact: true,
      })
      .waitFor({ timeout: SERVER_WAIT_MS });
    // The thread stays readable; there is nothing to write in.
    await page
      .getByRole("log", { name: "Messaggi" })
      .getByText("Se ti servono anche per lo sport, queste sono ideali.", { exact: true })
      .waitFor();
    expect(await page.getByRole("textbox", { name: "Messaggio" }).count()).toBe(0);

    // The same shop's open conversation (its jacket offer is pending) has one.
    await page.goto(`${(await startStack()).urls.app}/messages/${OPEN_CHAT}`);
    await page.getByRole("textbox", { name: "Messaggio" }).waitFor({ timeout: SERVER_WAIT_MS });
    expect(await page.getByText(CHAT_MESSAGES.conversationClosed).count()).toBe(0);
  });
});
