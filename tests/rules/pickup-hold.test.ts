// firestore.rules for the hold on an offer (src/domain/marketplace/pickup-hold.ts): the shop chooses how long it
// holds the item while its offer is pending (holdChoice, one of three); the hold's end (holdUntil,
// acceptOffer), its reminder (holdReminderSentAt, holdReminders), its release (holdReleasedAt/By/Reason,
// releaseHold), the no-show (noShowAt, markNoShow) and the verified pickup (verifiedPurchaseAt,
// verifyPickup) are the functions' alone. The buyer writes no offer field at all: the hold the shop
// promised is not the buyer's to lengthen.

import { assertFails, assertSucceeds } from "@firebase/rules-unit-testing";
import { doc, serverTimestamp, Timestamp, updateDoc } from "firebase/firestore";
import { beforeEach, describe, it } from "vitest";
import { COLLECTIONS } from "../../src/domain/core/collections";
import { offerIdFor } from "../../src/domain/marketplace/offer";
import { useRulesEnvironment } from "./environment";
import { BUYER, EARLIER, OTHER_SHOP, SHOP, storedOffer, storedRequest } from "./fixtures";

const PENDING_REQUEST = "pending-hold";
const ACCEPTED_REQUEST = "accepted-hold";
const PENDING = offerIdFor(PENDING_REQUEST, SHOP);
const ACCEPTED = offerIdFor(ACCEPTED_REQUEST, SHOP);
/** The other shop's offer on the accepted request: lost to SHOP's ('Acquistato altrove'). */
const LOST = offerIdFor(ACCEPTED_REQUEST, OTHER_SHOP);
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
      [`${COLLECTIONS.offers}/${LOST}`]: {
        ...storedOffer(ACCEPTED_REQUEST, OTHER_SHOP, BUYER, "rejected"),
        rejectedAt: EARLIER,
        boughtElsewhere: true,
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

  it("the buyer never writes the hold's choice, on a pending or an accepted offer, nor another shop", async () => {
    for (const id of [PENDING, ACCEPTED]) {
      for (const choice of ["threeDays", "secondClose"]) {
        await assertFails(
          updateDoc(offerDoc(BUYER, id), { holdChoice: choice, updatedAt: serverTimestamp() }),
        );
        await assertFails(
          updateDoc(offerDoc(OTHER_SHOP, id), { holdChoice: choice, updatedAt: serverTimestamp() }),
        );
      }
    }
  });

  it("the shop cannot slip a function's field in beside its hold's choice while pending", async () => {
    const functionsFields = {
      holdUntil: LATER,
      holdReminderSentAt: serverTimestamp(),
      holdReleasedAt: serverTimestamp(),
      noShowAt: serverTimestamp(),
      verifiedPurchaseAt: serverTimestamp(),
      acceptedAt: serverTimestamp(),
    };
    for (const [field, value] of Object.entries(functionsFields)) {
      await assertFails(
        updateDoc(offerDoc(SHOP, PENDING), {
          holdChoice: "threeDays",
          [field]: value,
          updatedAt: serverTimestamp(),
        }),
      );
    }
  });

  it("after the accept no side touches the hold: reminder, no-show, verified pickup, choice", async () => {
    const afterAccept = [
      { holdReminderSentAt: serverTimestamp() },
      { holdReminderSentAt: null },
      { noShowAt: serverTimestamp() },
      { verifiedPurchaseAt: serverTimestamp() },
      { holdChoice: "secondClose" },
    ];
    for (const uid of [SHOP, BUYER]) {
      for (const fields of afterAccept) {
        await assertFails(updateDoc(offerDoc(uid, ACCEPTED), { ...fields, updatedAt: serverTimestamp() }));
      }
    }
    // The shop that lost the request cannot reopen its offer's hold either.
    await assertFails(
      updateDoc(offerDoc(OTHER_SHOP, LOST), { holdChoice: "threeDays", updatedAt: serverTimestamp() }),
    );
    await assertFails(
      updateDoc(offerDoc(OTHER_SHOP, LOST), { boughtElsewhere: false, updatedAt: serverTimestamp() }),
    );
  });
});
