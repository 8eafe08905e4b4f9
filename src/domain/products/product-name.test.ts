import { describe, expect, it } from "vitest";
import { ALGO_DIALOGUE } from "../algo/algo-dialogue.ts";
import { REVIEW_LABELS, reviewRows } from "../algo/algo-draft.ts";
import { offerTitle } from "../marketplace/offer.ts";
import { notificationText } from "../notifications/notification-text.ts";
import { displayProductName } from "./product-name.ts";

describe("displayProductName", () => {
  it("starts a name with a capital letter, the rest as typed", () => {
    expect(displayProductName("bicicletta da città")).toBe("Bicicletta da città");
    expect(displayProductName("àncora da barca")).toBe("Àncora da barca");
    expect(displayProductName("scarpe Nike Air")).toBe("Scarpe Nike Air");
  });

  it("leaves names that already read well, brands written their own way and blanks alone", () => {
    expect(displayProductName("Cuffie wireless")).toBe("Cuffie wireless");
    expect(displayProductName("iPhone 14 ricondizionato")).toBe("iPhone 14 ricondizionato");
    expect(displayProductName("eBook reader")).toBe("eBook reader");
    expect(displayProductName("205/55 R16")).toBe("205/55 R16");
    expect(displayProductName("")).toBe("");
  });
});

describe("product names where they are shown", () => {
  it("Algo's summary card and its review line name the product with a capital letter", () => {
    const rows = reviewRows({ productName: "bicicletta da città" }, undefined);
    expect(rows.find((row) => row.label === REVIEW_LABELS.product)?.value).toBe("Bicicletta da città");
    expect(ALGO_DIALOGUE.review("bicicletta da città")).toContain("«Bicicletta da città»");
    // Mid-sentence, as said.
    expect(ALGO_DIALOGUE.productUnderstood("bicicletta da città", [])).toContain(
      "cerchi: bicicletta da città.",
    );
  });

  it("the notifications' titles and the shop's offer lists too", () => {
    const received = notificationText("offer_received", {
      merchantName: "Sport & Co.",
      productName: "bicicletta da città",
      price: 150,
    });
    expect(received.title).toBe("Nuova offerta per «Bicicletta da città»");
    expect(notificationText("requests_nearby", { count: 1, firstProductName: "trapano" }).body).toBe(
      "Qualcuno cerca «Trapano».",
    );
    expect(offerTitle({ status: "pending" }, { productName: "bicicletta da città" })).toBe(
      "Bicicletta da città",
    );
    expect(offerTitle({ status: "rejected", productName: "trapano" }, null)).toBe("Trapano");
  });
});
