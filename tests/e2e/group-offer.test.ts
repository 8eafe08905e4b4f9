// 'Un'offerta per tutti' end to end, in Chromium against the seeded stack: three neighbours ask for a
// city bike near Sport & Co. Isola (negozio2); its /browse shows them as one card '3 persone cercano …',
// one offer goes to all three, and each buyer finds the shop's offer on their own request.

import { describe, expect, it } from "vitest";
import { AdminSeedWriter } from "../../scripts/seed/admin-writer";
import { AuthEmulator } from "../../scripts/seed/auth-emulator";
import { DEMO_BUYER, DEMO_NEIGHBOUR, DEMO_PASSWORD } from "../../scripts/seed/demo-data";
import type { NewRequestInput } from "../../src/domain/marketplace/request";
import { SERVER_WAIT_MS } from "../support/page-ready";
import { seededJourney } from "../support/seeded-journey";
import { staffJourney } from "../support/staff-account";

const { openAs } = seededJourney();
const team = staffJourney();

const ISOLA = "Sport & Co. Isola";
/** A third neighbour, besides the two demo buyers. */
const CHIARA = {
  uid: "gruppo-chiara",
  email: "chiara@vicino.test",
  password: DEMO_PASSWORD,
  displayName: "Chiara Galli",
  firstName: "Chiara",
  lastName: "Galli",
  userType: "customer" as const,
  location: { address: "Via Carmagnola 5, Milano", zone: "Milano", lat: 45.4905, lng: 9.1912 },
};

const bike = (productName: string, address: string, lat: number, lng: number): NewRequestInput => ({
  productName,
  description: "Per andare al lavoro in città.",
  category: "sport",
  budget: { min: 150, max: 300 },
  urgency: "giorni",
  deliveryPreference: "pickup",
  actionRadius: 10,
  location: { address, lat, lng },
  productDetails: { condition: "nuovo" },
});

/** Three similar requests by three buyers, published as the app publishes them (the seed's writer). */
async function threeBikeRequests(): Promise<{ id: string; email: string; name: string }[]> {
  const stack = team.stack();
  const auth = new AuthEmulator({ host: stack.hosts.auth, projectId: stack.projectId });
  const writer = new AdminSeedWriter(team.admin().adminDb(), (persona) =>
    auth.createAccount({ ...persona, emailVerified: true }),
  );
  const at = new Date(Date.now() - 60 * 60 * 1000);
  const chiara = await writer.createAccount(CHIARA, { at });
  const asActor = (persona: typeof DEMO_BUYER) => ({
    uid: persona.uid,
    name: persona.displayName,
    userType: persona.userType,
  });
  const requests = [
    { buyer: asActor(DEMO_BUYER), email: DEMO_BUYER.email, name: "Giulia", id: "gruppo-bici-giulia" },
    { buyer: asActor(DEMO_NEIGHBOUR), email: DEMO_NEIGHBOUR.email, name: "Luca", id: "gruppo-bici-luca" },
    { buyer: chiara, email: CHIARA.email, name: "Chiara", id: "gruppo-bici-chiara" },
  ];
  const inputs = [
    bike("Bici da città", "Via Pietro Borsieri 5, Milano", 45.488, 9.19),
    bike("Bicicletta da città", "Via Carmagnola 5, Milano", 45.4905, 9.1912),
    bike("Biciclette da città con cambio", "Via Thaon di Revel 10, Milano", 45.4925, 9.1935),
  ];
  for (const [index, { buyer, id }] of requests.entries()) {
    await writer.publishRequest(buyer, inputs[index] as NewRequestInput, { at, id });
  }
  return requests.map(({ id, email, name }) => ({ id, email, name }));
}

describe("one offer for many", () => {
  it("a shop answers three similar requests at once, and each buyer sees the offer on their own", async () => {
    const requests = await threeBikeRequests();

    const shop = await openAs("negozio2@vicino.test", "/browse", "desktop");
    const card = shop.getByRole("article", { name: /^3 persone cercano Bici/ });
    await card.waitFor({ timeout: SERVER_WAIT_MS });
    await card.getByRole("button", { name: "Un'offerta per tutti" }).click();
    const form = card.getByRole("form", { name: "Offerta per tutto il gruppo" });
    await form.getByRole("textbox", { name: /Prezzo/ }).fill("229");
    await form
      .getByRole("textbox", { name: /Descrizione/ })
      .fill("Bici da città con luci e cestino, pronta.");
    await form.getByRole("button", { name: "Invia 3 offerte" }).click();
    const results = card.getByRole("status", { name: "Esito delle offerte" });
    await results.getByText("Offerte inviate: 3 su 3", { exact: true }).waitFor({ timeout: SERVER_WAIT_MS });

    for (const { id, email, name } of requests) {
      const buyer = await openAs(email, `/requests/${id}`, "phone");
      const offer = buyer
        .getByRole("list", { name: "Offerte a confronto" })
        .getByRole("article", { name: ISOLA, exact: true });
      await offer.waitFor({ timeout: SERVER_WAIT_MS });
      await expect(offer.textContent()).resolves.toMatch(/229,00\s€/);
      // Nothing of the other buyers on this buyer's page.
      const text = (await buyer.locator("main").textContent()) ?? "";
      for (const other of requests.filter((request) => request.name !== name)) {
        expect(text).not.toContain(other.name);
      }
      await buyer.close();
    }
  });
});
