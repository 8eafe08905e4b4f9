import { describe, expect, it } from "vitest";
import type { Condition, DeliveryOption } from "@/domain/core/enums";
import { extractOffer } from "./extract-offer";
import { numberWordValue } from "./numbers";

type Row = {
  said: string;
  price?: number;
  delivery?: DeliveryOption[];
  when?: string;
  condition?: Condition;
};

const PICKUP: DeliveryOption[] = ["pickup"];
const DELIVERY: DeliveryOption[] = ["delivery"];
const BOTH: DeliveryOption[] = ["pickup", "delivery"];

/** Spoken offers as a phone's speech recognition writes them (often without punctuation). */
const SENTENCES: Row[] = [
  {
    said: "Ce l'ho, una Bianchi usata revisionata, 140 euro, la può ritirare domani dopo le 16",
    price: 140,
    delivery: PICKUP,
    when: "Domani dopo le 16",
    condition: "usato",
  },
  {
    said: "ce l'ho una Bianchi usata revisionata 140 euro la può ritirare domani dopo le 16",
    price: 140,
    delivery: PICKUP,
    when: "Domani dopo le 16",
    condition: "usato",
  },
  { said: "centoquaranta euro ritiro in negozio", price: 140, delivery: PICKUP },
  { said: "Sono 140 € e la consegniamo noi", price: 140, delivery: DELIVERY },
  {
    said: "viene 89 euro e 90 con consegna a domicilio da sabato",
    price: 89.9,
    delivery: DELIVERY,
    when: "Da sabato",
  },
  { said: "ottantanove euro e novanta, disponibile subito", price: 89.9, when: "Subito" },
  { said: "diciannove e novanta euro, ritiro o consegna come preferisce", price: 19.9, delivery: BOTH },
  {
    said: "te lo faccio a 120 se passi a prenderlo oggi pomeriggio",
    price: 120,
    delivery: PICKUP,
    when: "Oggi pomeriggio",
  },
  { said: "costa duecentocinquanta euro, nuovo, ancora imballato", price: 250, condition: "nuovo" },
  {
    said: "Prezzo 99,90 euro, spedizione con corriere in due giorni",
    price: 99.9,
    delivery: DELIVERY,
    when: "In due giorni",
  },
  { said: "€ 45 e lo porto io a casa sua entro domani", price: 45, delivery: DELIVERY, when: "Entro domani" },
  {
    said: "milleduecento euro, ricondizionato con garanzia di un anno",
    price: 1200,
    condition: "ricondizionato",
  },
  {
    said: "1.200 euro trattabili, ritiro in negozio da lunedì",
    price: 1200,
    delivery: PICKUP,
    when: "Da lunedì",
  },
  { said: "ho un trapano Bosch nuovo a sessantacinque euro", price: 65, condition: "nuovo" },
  { said: "trentotto euro, sia ritiro che consegna", price: 38, delivery: BOTH },
  { said: "ventuno euro e cinquanta, consegna gratuita in zona", price: 21.5, delivery: DELIVERY },
  { said: "duemila euro, usato pochissimo, come nuovo", price: 2000, condition: "usato" },
  { said: "la vendo a 75, è di seconda mano ma perfetta", price: 75, condition: "usato" },
  { said: "lo metto a 30 euro, disponibile dalle 10", price: 30, when: "Dalle 10" },
  { said: "centottanta euro, pronta consegna", price: 180, when: "Pronta consegna" },
  { said: "cinquanta euro, ritiro solo in negozio, non facciamo consegne", price: 50, delivery: PICKUP },
  { said: "solo consegna a domicilio, 60 euro", price: 60, delivery: DELIVERY },
  {
    said: "Abbiamo la taglia 42 a 79 euro, la può ritirare da venerdì",
    price: 79,
    delivery: PICKUP,
    when: "Da venerdì",
  },
  { said: "iPhone 13 ricondizionato 399 euro", price: 399, condition: "ricondizionato" },
  {
    said: "ce l'abbiamo a quattrocento euro, consegna la settimana prossima",
    price: 400,
    delivery: DELIVERY,
    when: "La settimana prossima",
  },
  {
    said: "costa dodici euro, lo trova in negozio già domani mattina",
    price: 12,
    delivery: PICKUP,
    when: "Già domani mattina",
  },
  {
    said: "sono settecentocinquanta euro, consegna entro tre giorni",
    price: 750,
    delivery: DELIVERY,
    when: "Entro tre giorni",
  },
  {
    said: "quindici euro la confezione, può passare a prenderla stasera",
    price: 15,
    delivery: PICKUP,
    when: "Stasera",
  },
  { said: "il prezzo è 1.499 euro, spedizione gratuita", price: 1499, delivery: DELIVERY },
  {
    said: "99 euro, mai usato, la consegna è possibile da mercoledì",
    price: 99,
    delivery: DELIVERY,
    when: "Da mercoledì",
    condition: "nuovo",
  },
  {
    said: "ottantotto euro, ritiro dopodomani alle 18",
    price: 88,
    delivery: PICKUP,
    when: "Dopodomani alle 18",
  },
  { said: "a 5 euro al pezzo, ritiro subito", price: 5, delivery: PICKUP, when: "Subito" },
  { said: "seicento euro, entrambe le modalità vanno bene", price: 600, delivery: BOTH },
  { said: "trecentoventi euro e lo spediamo", price: 320, delivery: DELIVERY },
  { said: "quarantanove euro e novantanove centesimi", price: 49.99 },
  {
    said: "Lo trova a 25 euro, usato, disponibile in giornata",
    price: 25,
    when: "In giornata",
    condition: "usato",
  },
  {
    said: "duecento euro, la porto io sabato mattina",
    price: 200,
    delivery: DELIVERY,
    when: "Sabato mattina",
  },
  // No price said: the price stays empty, whatever numbers are in the sentence.
  {
    said: "ce l'ho, una Bianchi usata, la può ritirare domani dopo le 16",
    delivery: PICKUP,
    when: "Domani dopo le 16",
    condition: "usato",
  },
  { said: "iPhone 13 ricondizionato disponibile subito", when: "Subito", condition: "ricondizionato" },
  {
    said: "scarpe numero 42 nuove, consegna entro 2 giorni",
    delivery: DELIVERY,
    when: "Entro 2 giorni",
    condition: "nuovo",
  },
  { said: "bici da 26 pollici, ritiro in negozio", delivery: PICKUP },
  { said: "ce l'ho, mi chiami" },
  { said: "tv da 55 pollici con garanzia di 2 anni" },
  {
    said: "sì sì ce l'abbiamo, passi quando vuole dalle 9 alle 19",
    delivery: PICKUP,
    when: "Dalle 9 alle 19",
  },
];

describe("the offline Leonardo reads a dictated offer", () => {
  it("has at least 40 sentences", () => {
    expect(SENTENCES.length).toBeGreaterThanOrEqual(40);
  });

  it.each(SENTENCES)("$said", ({ said, price, delivery, when, condition }) => {
    const { fields, priceMissing } = extractOffer(said);
    expect(fields.price).toBe(price);
    expect(priceMissing).toBe(price === undefined);
    expect(fields.deliveryOptions).toEqual(delivery);
    expect(fields.estimatedDeliveryTime).toBe(when);
    expect(fields.condition).toBe(condition);
    expect(fields.description).toBeTruthy();
  });

  it("writes the description in the shop's voice, without the fillers of speech", () => {
    const { fields } = extractOffer(
      "Ce l'ho, una Bianchi usata revisionata, 140 euro, la può ritirare domani dopo le 16",
    );
    expect(fields.description).toBe(
      "Abbiamo una Bianchi usata revisionata. Prezzo: 140 €. Ritiro in negozio. Disponibilità: domani dopo le 16.",
    );
  });

  it("names the request's product when the shop did not say what it has", () => {
    const { fields } = extractOffer("ottantanove euro e novanta, consegna da sabato", {
      productName: "un trapano",
    });
    expect(fields.description).toBe(
      "Abbiamo un trapano. Prezzo: 89,90 €. Consegna a domicilio. Disponibilità: da sabato.",
    );
  });
});

describe("Italian number words", () => {
  it.each([
    ["centoquaranta", 140],
    ["ottantanove", 89],
    ["ventotto", 28],
    ["trentuno", 31],
    ["centotto", 108],
    ["centottanta", 180],
    ["duecentocinquanta", 250],
    ["mille", 1000],
    ["milleduecento", 1200],
    ["duemilacinquecento", 2500],
    ["diciannove", 19],
    ["ventitre", 23],
  ])("%s is %d", (word, value) => {
    expect(numberWordValue(word)).toBe(value);
  });

  it.each(["alcuno", "centesimi", "uno", "tremendo"])("%s is not a price word", (word) => {
    expect(numberWordValue(word) === undefined || word === "uno").toBe(true);
  });
});
