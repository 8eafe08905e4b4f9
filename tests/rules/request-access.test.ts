// Merchants lose a request once it is no longer active, unless they won it (firestore.rules
// requests get / wonBy): a losing shop keeps only its own offer, which carries the outcome and the
// product name (submitOffer copies it), so its offer lists never need the request.

import { assertFails, assertSucceeds } from "@firebase/rules-unit-testing";
import { doc, getDoc } from "firebase/firestore";
import { beforeEach, describe, expect, it } from "vitest";
import { COLLECTIONS } from "../../src/domain/core/collections";
import { offerIdFor } from "../../src/domain/marketplace/offer";
import type { OfferStatus, RequestStatus } from "../../src/domain/marketplace/state-machine";
import { useRulesEnvironment } from "./environment";
import { BUYER, OTHER_SHOP, SHOP, storedOffer, storedRequest } from "./fixtures";

const REQUEST = "lampada";
const WINNER = SHOP;
const LOSER = OTHER_SHOP;

describe("a request after its deal", () => {
  const rules = useRulesEnvironment();

  const seedDeal = (status: RequestStatus, winner: OfferStatus, loser: OfferStatus) =>
    rules.seed({
      [`${COLLECTIONS.requests}/${REQUEST}`]: storedRequest(BUYER, status),
      [`${COLLECTIONS.offers}/${offerIdFor(REQUEST, WINNER)}`]: {
        ...storedOffer(REQUEST, WINNER, BUYER, winner),
        productName: "Lampada da scrivania LED",
      },
      [`${COLLECTIONS.offers}/${offerIdFor(REQUEST, LOSER)}`]: {
        ...storedOffer(REQUEST, LOSER, BUYER, loser),
        productName: "Lampada da scrivania LED",
      },
    });
  const readRequest = (uid: string) => getDoc(doc(rules.as(uid), COLLECTIONS.requests, REQUEST));

  beforeEach(async () => {
    await seedDeal("in_progress", "accepted", "rejected");
  });

  it("while it is active, every verified shop reads it", async () => {
    await seedDeal("active", "pending", "pending");
    await assertSucceeds(readRequest(WINNER));
    await assertSucceeds(readRequest(LOSER));
  });

  it("once another offer is accepted, the losing shop cannot read it; the winner can", async () => {
    await assertFails(readRequest(LOSER));
    await assertSucceeds(readRequest(WINNER));
  });

  it("the losing shop still reads its own offer: the outcome and the product name", async () => {
    const offer = await assertSucceeds(
      getDoc(doc(rules.as(LOSER), COLLECTIONS.offers, offerIdFor(REQUEST, LOSER))),
    );
    expect(offer.get("status")).toBe("rejected");
    expect(offer.get("productName")).toBe("Lampada da scrivania LED");
  });

  it("after completion, only the winner and the buyer read it", async () => {
    await seedDeal("completed", "accepted", "rejected");
    await assertSucceeds(readRequest(WINNER));
    await assertSucceeds(readRequest(BUYER));
    await assertFails(readRequest(LOSER));
  });

  it("a cancelled request is closed to every shop, even one whose offer was still pending", async () => {
    await seedDeal("cancelled", "pending", "pending");
    await assertFails(readRequest(WINNER));
    await assertFails(readRequest(LOSER));
    await assertSucceeds(readRequest(BUYER));
  });
});
