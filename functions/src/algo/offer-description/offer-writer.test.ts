import { describe, expect, it } from "vitest";
import { writeOfferDescription } from "./offer-writer";

describe("offline Leonardo", () => {
  it("writes a polite offer from the request and the price", () => {
    expect(
      writeOfferDescription({
        productName: "scarpe da running",
        budget: { min: 80, max: 120 },
        urgency: "48h",
        deliveryPreference: "both",
        condition: "nuovo",
        size: "42",
        price: 99.9,
        notes: "Modello 2024 con garanzia di due anni",
        businessName: "Sport Brera",
      }),
    ).toBe(
      "Buongiorno! Abbiamo quello che cerchi: scarpe da running (nuovo, taglia/misura 42) a 99,9 €, in linea con il budget che hai indicato. " +
        "Possiamo averlo pronto entro 48 ore. Puoi ritirarlo in negozio oppure possiamo consegnartelo a domicilio. " +
        "Modello 2024 con garanzia di due anni. Restiamo a disposizione per qualsiasi domanda. A presto, Sport Brera",
    );
  });

  it("does not claim a price over budget is in line with it", () => {
    const text = writeOfferDescription({ productName: "divano", budget: { min: 0, max: 300 }, price: 450 });
    expect(text).toContain("divano a 450 €.");
    expect(text).not.toContain("budget");
    expect(text.endsWith("A presto!")).toBe(true);
  });
});
