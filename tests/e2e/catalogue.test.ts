// 'Il tuo catalogo' end to end, in Chromium against the seeded stack: Sport & Co. Isola (negozio2)
// imports a CSV with one bad row (the line's error, skipped, the good row saved), a neighbour asks for
// what it sells, its feed card says 'Ce l'hai a 349,00 €', the offer form opens filled from the catalogue,
// the shop sends it, and the buyer sees the offer with the shop's 'Di solito risponde entro …' (the
// seed's past answers: five offers in the last two weeks).

import { describe, expect, it } from "vitest";
import { AdminSeedWriter } from "../../scripts/seed/admin-writer";
import { AuthEmulator } from "../../scripts/seed/auth-emulator";
import { DEMO_BUYER } from "../../scripts/seed/demo-data";
import { COLLECTIONS } from "../../src/domain/core/collections";
import { offerIdFor } from "../../src/domain/marketplace/offer";
import type { NewRequestInput } from "../../src/domain/marketplace/request";
import { SERVER_WAIT_MS } from "../support/page-ready";
import { seededJourney } from "../support/seeded-journey";
import { staffJourney } from "../support/staff-account";

const { openAs } = seededJourney();
const team = staffJourney();

const ISOLA_UID = "demo-negozio-2";
const REQUEST_ID = "catalogo-monopattino";

const CSV = [
  "nome;categoria;condizione;prezzo",
  "Monopattino elettrico Xiaomi;sport;nuovo;349,00",
  "Borraccia termica;sport;nuovo;gratis",
].join("\n");

/** The demo buyer asks for a scooter near Isola, published as the app publishes it (the seed's writer). */
async function publishScooterRequest(): Promise<void> {
  const stack = team.stack();
  const auth = new AuthEmulator({ host: stack.hosts.auth, projectId: stack.projectId });
  const writer = new AdminSeedWriter(team.admin().adminDb(), (persona) =>
    auth.createAccount({ ...persona, emailVerified: true }),
  );
  const request: NewRequestInput = {
    productName: "Monopattino elettrico",
    description: "Per andare in ufficio, pieghevole.",
    category: "sport",
    budget: { min: 250, max: 450 },
    urgency: "giorni",
    deliveryPreference: "pickup",
    actionRadius: 10,
    location: { address: "Via Pietro Borsieri 5, Milano", lat: 45.488, lng: 9.19 },
    productDetails: { condition: "nuovo" },
  };
  const buyer = { uid: DEMO_BUYER.uid, name: DEMO_BUYER.displayName, userType: DEMO_BUYER.userType };
  await writer.publishRequest(buyer, request, { at: new Date(Date.now() - 10 * 60_000), id: REQUEST_ID });
}

describe("the shop's catalogue", () => {
  it("a CSV import, a matching request, the offer filled from the catalogue, the buyer sees the shop's speed", async () => {
    const shop = await openAs("negozio2@vicino.test", "/catalogo", "desktop");
    await shop.getByRole("button", { name: "Importa da CSV" }).click({ timeout: SERVER_WAIT_MS });
    await shop
      .getByLabel("File CSV")
      .setInputFiles({ name: "catalogo.csv", mimeType: "text/csv", buffer: Buffer.from(CSV, "utf8") });
    await shop.getByText("Riga 3: prezzo «gratis» non valido (scrivi ad esempio 89,00).").waitFor();
    const save = shop.getByRole("button", { name: "Importa 1 prodotto" });
    expect(await save.isDisabled()).toBe(true);
    await shop.getByLabel("Salta le righe con errori").check();
    await save.click();
    await shop
      .getByRole("button", { name: "Modifica Monopattino elettrico Xiaomi" })
      .waitFor({ timeout: SERVER_WAIT_MS });

    await publishScooterRequest();
    const feed = await openAs("negozio2@vicino.test", "/browse", "desktop");
    const card = feed.getByRole("article", { name: "Monopattino elettrico" });
    const hit = card.getByRole("link", { name: /^Ce l'hai a 349,00\s€/ });
    await hit.waitFor({ timeout: SERVER_WAIT_MS });
    await hit.click();

    const price = feed.getByRole("textbox", { name: /Prezzo/ });
    await price.waitFor({ timeout: SERVER_WAIT_MS });
    expect(await price.inputValue()).toBe("349,00");
    expect(await feed.getByRole("textbox", { name: /Descrizione/ }).inputValue()).toContain(
      "Monopattino elettrico Xiaomi (nuovo)",
    );
    await feed.getByRole("button", { name: "Invia l'offerta" }).click();
    await feed.getByText("Offerta inviata!").first().waitFor({ timeout: SERVER_WAIT_MS });
    const offer = await team
      .admin()
      .adminDb()
      .doc(`${COLLECTIONS.offers}/${offerIdFor(REQUEST_ID, ISOLA_UID)}`)
      .get();
    expect(offer.get("origin")).toBe("catalogo");

    const buyer = await openAs("acquirente@vicino.test", `/requests/${REQUEST_ID}`, "phone");
    const column = buyer
      .getByRole("list", { name: "Offerte a confronto" })
      .getByRole("article", { name: "Sport & Co. Isola", exact: true });
    await column.waitFor({ timeout: SERVER_WAIT_MS });
    await column.getByText(/^Di solito risponde entro /).waitFor({ timeout: SERVER_WAIT_MS });
  });
});
