// firestore.rules for the hold on an offer (src/domain/pickup-hold.ts): the shop chooses how long it
// holds the item while its offer is pending (holdChoice, one of three); the hold's end (holdUntil,
// acceptOffer) and its release (holdReleasedAt/By/Reason, releaseHold) are the functions' alone.

import { assertFails, assertSucceeds } from "@firebase/rules-unit-testing";
import { doc, serverTimestamp, Timestamp, updateDoc } from "firebase/firestore";
import { beforeEach, describe, it } from "vitest";
import { COLLECTIONS } from "../../src/domain/collections";
import { offerIdFor } from "../../src/domain/offer";
import { useRulesEnvironment } from "./environment";
import { BUYER, EARLIER, SHOP, storedOffer, storedRequest } from "./fixtures";

const PENDING_REQUEST = "pending-hold";
const ACCEPTED_REQUEST = "accepted-hold";
const PENDING = offerIdFor(PENDING_REQUEST, SHOP);
const ACCEPTED = offerIdFor(ACCEPTED_REQUEST, SHOP);
const LATER = Timestamp.fromDate(new Date("2030-01-01T18:00:00Z"));

describe("the hold on an offer", () => {
  const rules = useRulesEnvironment();
  const offerDoc = (uid: string, id: string) => doc(rules.as(uid), COLLECTIONS.offers, id);

  beforeEach(async () => {
    await rules.seed({
      [`${COLLECTIONS.requests}/${PENDING_REQUEST}`]: storedRequest(BUYER),
      [`${COLLECTIONS.requests}/${ACCEPTED_REQUEST}`]: {
        ...storedRequest(BUYER, "in_progress"),
        acceptedOfferId: ACCEPTED,
      },
      [`${COLLECTIONS.offers}/${PENDING}`]: storedOffer(PENDING_REQUEST, SHOP, BUYER),
      [`${COLLECTIONS.offers}/${ACCEPTED}`]: {
        ...storedOffer(ACCEPTED_REQUEST, SHOP, BUYER, "accepted"),
        acceptedAt: EARLIER,
        holdUntil: LATER,
      },
    });
  });

  it("the shop changes its hold's choice while the offer is pending, only to one of the three", async () => {
    await assertSucceeds(
      updateDoc(offerDoc(SHOP, PENDING), { holdChoice: "threeDays", updatedAt: serverTimestamp() }),
    );
    await assertFails(
      updateDoc(offerDoc(SHOP, PENDING), { holdChoice: "forever", updatedAt: serverTimestamp() }),
    );
  });

  it("no client sets the hold's end or releases it, on a pending or an accepted offer", async () => {
    for (const uid of [SHOP, BUYER]) {
      for (const id of [PENDING, ACCEPTED]) {
        await assertFails(updateDoc(offerDoc(uid, id), { holdUntil: LATER, updatedAt: serverTimestamp() }));
        await assertFails(
          updateDoc(offerDoc(uid, id), {
            holdReleasedAt: serverTimestamp(),
            holdReleasedBy: uid === SHOP ? "merchant" : "customer",
            holdReleaseReason: "Non passo più",
            updatedAt: serverTimestamp(),
          }),
        );
      }
      await assertFails(
        updateDoc(offerDoc(uid, ACCEPTED), { holdChoice: "threeDays", updatedAt: serverTimestamp() }),
      );
    }
  });
});
