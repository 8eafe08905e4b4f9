// 'Acquisto verificato' end to end, in Chromium against the local stack. Seeded
// (scripts/seed/demo-scenario.ts): the buyer accepted Elettronica Navigli's headphones (negozio1), so
// Sport & Co. Isola (negozio2) lost that request. Isola (desktop) reads 'Acquistato altrove'; the buyer
// (360 px phone) shows the pickup code; Navigli (desktop) types a wrong code (refused in Italian), then
// the right one; both sides read 'Acquisto verificato'; the buyer rates at once, and the review shows on
// Navigli's page marked 'Acquisto verificato'.

import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seededJourney } from "../support/seeded-journey";

const PHONES_CHAT = "demo-req-cuffie_demo-negozio-1";
const PHONES_CHAT_ISOLA = "demo-req-cuffie_demo-negozio-2";
const NAVIGLI = "demo-negozio-1";

const { open, signIn } = seededJourney();

const region = (page: Page, name: string) => page.getByRole("region", { name });

describe("a verified purchase end to end", () => {
  it("the code at the till: refused when wrong, then 'Acquisto verificato' on both sides and on the shop's page", async () => {
    const isola = await open(`/messages/${PHONES_CHAT_ISOLA}`, "desktop");
    await signIn(isola, "negozio2@vicino.test", `/messages/${PHONES_CHAT_ISOLA}`);
    await region(isola, "La tua offerta")
      .getByText("Acquistato altrove", { exact: true })
      .waitFor({ timeout: 20_000 });

    const buyer = await open(`/messages/${PHONES_CHAT}`, "phone");
    await signIn(buyer, "acquirente@vicino.test", `/messages/${PHONES_CHAT}`);
    await buyer.getByRole("button", { name: "Mostra il codice di ritiro" }).click({ timeout: 20_000 });
    const shown = buyer.getByTestId("pickup-code");
    await shown.waitFor({ timeout: 20_000 });
    await buyer.getByRole("img", { name: "Codice QR del codice di ritiro" }).waitFor({ timeout: 20_000 });
    const code = (await shown.textContent())?.trim() ?? "";
    expect(code).toMatch(/^[A-Z0-9]{6}$/);
    const wrong = (code[0] === "A" ? "C" : "A") + code.slice(1);

    const navigli = await open(`/messages/${PHONES_CHAT}`, "desktop");
    await signIn(navigli, "negozio1@vicino.test", `/messages/${PHONES_CHAT}`);
    await navigli.getByRole("button", { name: "Verifica il codice" }).click({ timeout: 20_000 });
    const field = navigli.getByRole("textbox", { name: "Codice di ritiro" });
    await field.fill(wrong);
    await navigli.getByRole("button", { name: "Verifica", exact: true }).click();
    await navigli
      .getByRole("alert")
      .getByText(/^Codice non valido\. Controlla e riprova \(4 tentativi rimasti\)\.$/)
      .waitFor({ timeout: 20_000 });

    await field.fill(code);
    await navigli.getByRole("button", { name: "Verifica", exact: true }).click();
    await navigli.getByText("Acquisto verificato", { exact: false }).first().waitFor({ timeout: 20_000 });
    await navigli.getByText("Ritiro verificato. Il cliente ora può valutare l'acquisto.").waitFor();

    // The buyer reads it live and is asked to rate at once (no 'Ho acquistato' step).
    await buyer.getByText(/Il negozio ha verificato il tuo ritiro/).waitFor({ timeout: 20_000 });
    const five = buyer.getByRole("radio", { name: "5 stelle: Eccellente!" });
    await five.waitFor({ state: "attached", timeout: 20_000 });
    await five.check({ force: true });
    await buyer.getByRole("textbox", { name: /Commento/ }).fill("Codice controllato in cassa");
    await buyer.getByRole("button", { name: "Invia la valutazione e completa" }).click();
    await buyer.getByText("Valutazione: 5/5, Eccellente!").waitFor({ timeout: 20_000 });
    await navigli.getByText("Valutazione: 5/5, Eccellente!").waitFor({ timeout: 20_000 });

    const page = await open(`/negozi/${NAVIGLI}`, "phone");
    await signIn(page, "acquirente@vicino.test", `/negozi/${NAVIGLI}`);
    const review = page
      .getByRole("list", { name: "Recensioni" })
      .getByRole("listitem")
      .filter({ hasText: "Codice controllato in cassa" });
    await review.getByText(/Acquisto verificato/).waitFor({ timeout: 20_000 });
  });
});
