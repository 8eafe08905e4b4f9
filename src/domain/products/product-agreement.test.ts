import { describe, expect, it } from "vitest";
import { agree, objectPronoun, productAgreement } from "./product-agreement.ts";

describe("productAgreement: gender and number of what the buyer asks for", () => {
  it.each([
    // [product name as Algo keeps it, pronoun, 'nuovo' agreed]
    ["bicicletta da città", "la", "nuova"],
    ["bici", "la", "nuova"],
    ["trapano avvitatore", "lo", "nuovo"],
    ["scarpe da running", "le", "nuove"],
    ["paio di scarpe da running", "le", "nuove"],
    ["cuffie bluetooth", "le", "nuove"],
    ["gomme invernali", "le", "nuove"],
    ["pantaloni", "li", "nuovi"],
    ["jeans", "li", "nuovi"],
    ["occhiali da sole", "li", "nuovi"],
    ["televisore 55 pollici", "lo", "nuovo"],
    ["televisione", "la", "nuova"],
    ["lavatrice", "la", "nuova"],
    ["lampada da scrivania", "la", "nuova"],
    ["divano letto", "lo", "nuovo"],
    ["moto", "la", "nuova"],
    ["auto usata", "la", "nuova"],
    ["stampante laser", "la", "nuova"],
    ["pigiama", "lo", "nuovo"],
    ["iPhone 13", "lo", "nuovo"],
    ["tablet", "lo", "nuovo"],
    ["smartwatch", "lo", "nuovo"],
    ["ombrellone", "lo", "nuovo"],
    ["forbici da sarta", "le", "nuove"],
    ["set di pentole", "le", "nuove"],
    ["caricabatterie", "lo", "nuovo"],
    ["racchetta da tennis", "la", "nuova"],
    ["materasso matrimoniale", "lo", "nuovo"],
    ["sneakers", "le", "nuove"],
    ["", "lo", "nuovo"],
  ])("%s → %s, %s", (product, pronoun, adjective) => {
    const agreement = productAgreement(product);
    expect(objectPronoun(agreement)).toBe(pronoun);
    expect(agree("nuovo", agreement)).toBe(adjective);
  });
});
