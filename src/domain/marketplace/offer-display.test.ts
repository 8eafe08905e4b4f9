import { describe, expect, it } from "vitest";
import { OFFER_DISPLAY_LABELS, offerDisplayStatus, offeredLabel } from "./offer-display.ts";
import { OFFER_STATUS } from "./state-machine.ts";

describe("offerDisplayStatus", () => {
  it("reads 'Completata' once the buyer completed the deal (the rating is on the offer)", () => {
    const status = offerDisplayStatus({ status: OFFER_STATUS.accepted, customerRating: 4 });
    expect(status).toBe("completed");
    expect(OFFER_DISPLAY_LABELS[status]).toBe("Completata");
  });

  it("keeps the state machine's status otherwise", () => {
    expect(OFFER_DISPLAY_LABELS[offerDisplayStatus({ status: OFFER_STATUS.accepted })]).toBe("Accettata");
    expect(OFFER_DISPLAY_LABELS[offerDisplayStatus({ status: OFFER_STATUS.pending })]).toBe("In attesa");
    expect(OFFER_DISPLAY_LABELS[offerDisplayStatus({ status: OFFER_STATUS.rejected })]).toBe("Rifiutata");
  });

  it("tells the shop that lost to another offer 'Acquistato altrove'; the buyer still reads 'Rifiutata'", () => {
    const lost = { status: OFFER_STATUS.rejected, boughtElsewhere: true };
    expect(OFFER_DISPLAY_LABELS[offerDisplayStatus(lost, true)]).toBe("Acquistato altrove");
    expect(OFFER_DISPLAY_LABELS[offerDisplayStatus(lost)]).toBe("Rifiutata");
    expect(OFFER_DISPLAY_LABELS[offerDisplayStatus({ status: OFFER_STATUS.rejected }, true)]).toBe(
      "Rifiutata",
    );
  });
});

describe("offeredLabel", () => {
  it("says what the shop offered", () => {
    expect(offeredLabel(150)).toMatch(/^Hai offerto 150(,00)?\s€$/);
  });
});
