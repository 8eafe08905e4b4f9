import { describe, expect, it } from "vitest";
import type { AlgoExtractedData } from "@/domain/algo/algo";
import { ALGO_MESSAGES } from "@/domain/algo/algo-messages";
import { applyPublishingDefaults } from "@/domain/marketplace/publishing";
import { type AlgoAsk, offlineAlgoTurn } from "./dialogue";
import { INITIAL_OFFLINE_STATE, type OfflineState } from "./dialogue-state";
import { extractUtterance } from "./extract";

type Expected = {
  product?: string;
  category?: string;
  budget?: { min?: number; max?: number };
  urgency?: string;
  delivery?: string;
  condition?: string;
  size?: string;
  color?: string;
};

function summary(fields: AlgoExtractedData): Expected {
  const details = fields.productDetails ?? {};
  const out: Expected = {
    product: fields.productName,
    category: fields.category,
    budget: fields.budget,
    urgency: fields.urgency,
    delivery: fields.deliveryPreference,
    condition: details.condition,
    size: details.size,
    color: details.color,
  };
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined)) as Expected;
}

/** Where the buyer is, as algoChat passes it (conversation.location) once known. */
const MILANO = { address: "Milano", lat: 45.4643, lng: 9.1895 };

/**
 * [utterance, expected extraction from a new conversation, what Algo asks next once it knows the place].
 * None of them names a place: Algo asks for it first (below), then goes on with the rest.
 */
const FIRST_MESSAGES: ReadonlyArray<readonly [string, Expected, AlgoAsk]> = [
  [
    "Cerco un paio di scarpe da running",
    { product: "scarpe da running", category: "abbigliamento" },
    "budget",
  ],
  [
    "Vorrei una giacca di pelle nera taglia M",
    { product: "giacca", category: "abbigliamento", size: "M", color: "nero" },
    "budget",
  ],
  [
    "Mi serve un frigorifero, massimo 500 euro",
    { product: "frigorifero", category: "casa", budget: { min: 0, max: 500 } },
    "urgency",
  ],
  [
    "Ho bisogno di una chitarra acustica usata sui 200 euro",
    {
      product: "chitarra acustica",
      category: "strumenti musicali",
      budget: { min: 160, max: 240 },
      condition: "usato",
    },
    "urgency",
  ],
  [
    "Sto cercando un iPhone 14 ricondizionato tra 400 e 550 euro",
    {
      product: "iPhone 14",
      category: "elettronica",
      budget: { min: 400, max: 550 },
      condition: "ricondizionato",
    },
    "urgency",
  ],
  [
    "cerco gomme invernali per Fiat Panda entro 48 ore",
    { product: "gomme invernali", category: "automotive", urgency: "48h" },
    "budget",
  ],
  [
    "Vorrei un divano grigio in tessuto, consegna a domicilio",
    { product: "divano", category: "casa", delivery: "delivery", color: "grigio" },
    "budget",
  ],
  [
    "Mi servirebbe una bici da corsa di seconda mano, al massimo 1000 euro",
    { product: "bici da corsa", category: "sport", budget: { min: 0, max: 1000 }, condition: "usato" },
    "urgency",
  ],
  [
    "Cerco un monitor 27 pollici 144 Hz, non più di 300 €",
    { product: "monitor", category: "elettronica", budget: { min: 0, max: 300 } },
    "urgency",
  ],
  [
    "Cerco una felpa rossa taglia L, urgente",
    { product: "felpa", category: "abbigliamento", urgency: "subito", size: "L", color: "rosso" },
    "budget",
  ],
  [
    "Vorrei dei sandali bianchi numero 38",
    { product: "sandali", category: "abbigliamento", size: "38", color: "bianco" },
    "budget",
  ],
  [
    "Mi serve un caricabatterie USB-C oggi stesso",
    { product: "caricabatterie", category: "elettronica", urgency: "subito" },
    "budget",
  ],
  [
    "cerco una batteria per la moto, passo a prenderla",
    { product: "batteria per la moto", category: "automotive", delivery: "pickup" },
    "budget",
  ],
  [
    "Salve, cerco un tappetino yoga, non ho fretta",
    { product: "tappetino yoga", category: "sport", urgency: "giorni" },
    "budget",
  ],
  [
    "Ho bisogno di un trapano avvitatore entro stasera, ritiro in negozio",
    { product: "trapano avvitatore", category: "casa", urgency: "giornata", delivery: "pickup" },
    "budget",
  ],
  [
    "Vorrei comprare una TV 55 pollici 4K, budget 600 euro",
    { product: "TV", category: "elettronica", budget: { min: 0, max: 600 } },
    "urgency",
  ],
  [
    "Cerco un pianoforte digitale, almeno 300 euro",
    { product: "pianoforte digitale", category: "strumenti musicali", budget: { min: 300 } },
    "urgency",
  ],
  [
    "cerco delle pentole in acciaio inox, va bene entrambi",
    { product: "pentole", category: "casa", delivery: "both" },
    "budget",
  ],
  ["Cerco un regalo per mia figlia", { product: "regalo", category: "generale" }, "budget"],
  [
    "Vorrei un violino per principianti, 150€",
    { product: "violino per principianti", category: "strumenti musicali", budget: { min: 0, max: 150 } },
    "urgency",
  ],
  [
    "Mi serve un casco da moto taglia XL nuovo",
    { product: "casco da moto", category: "automotive", condition: "nuovo", size: "XL" },
    "budget",
  ],
  [
    "Cerco jeans blu scuro taglia 32, spediti a casa",
    { product: "jeans", category: "abbigliamento", delivery: "delivery", size: "32", color: "blu scuro" },
    "budget",
  ],
  [
    "Cerco un seggiolino auto per bambini entro qualche ora",
    { product: "seggiolino auto per bambini", category: "automotive", urgency: "ore" },
    "budget",
  ],
  [
    "cerco pneumatici 205/55 R16 in giornata",
    { product: "pneumatici", category: "automotive", urgency: "giornata" },
    "budget",
  ],
  [
    "Vorrei un orologio elegante in acciaio dopodomani",
    { product: "orologio elegante", category: "abbigliamento", urgency: "48h" },
    "budget",
  ],
  [
    "ho bisogno di scarponi da sci numero 43, sui 150 euro",
    { product: "scarponi da sci", category: "sport", budget: { min: 120, max: 180 }, size: "43" },
    "urgency",
  ],
  [
    "Cerco una PS5 usata, € 350",
    { product: "PS5", category: "elettronica", budget: { min: 0, max: 350 }, condition: "usato" },
    "urgency",
  ],
  [
    "Vorrei delle cuffie bluetooth con cancellazione del rumore fra 100 e 200 euro",
    { product: "cuffie", category: "elettronica", budget: { min: 100, max: 200 } },
    "urgency",
  ],
  [
    "cerco una maglietta bianca di cotone",
    { product: "maglietta", category: "abbigliamento", color: "bianco" },
    "budget",
  ],
  [
    "Buongiorno! Cerco un amplificatore per chitarra elettrica",
    { product: "amplificatore per chitarra elettrica", category: "strumenti musicali" },
    "budget",
  ],
  [
    "scarpe da calcio nere 42",
    { product: "scarpe da calcio", category: "abbigliamento", size: "42", color: "nero" },
    "budget",
  ],
  ["Mi servono delle lampadine", { product: "lampadine", category: "casa" }, "budget"],
  [
    "cerco un divano, 1.500 euro",
    { product: "divano", category: "casa", budget: { min: 0, max: 1500 } },
    "urgency",
  ],
  [
    "vorrei una lavatrice tra i 300 e i 400 euro",
    { product: "lavatrice", category: "casa", budget: { min: 300, max: 400 } },
    "urgency",
  ],
  [
    "mi serve una stampante, 80 euro circa",
    { product: "stampante", category: "elettronica", budget: { min: 64, max: 96 } },
    "urgency",
  ],
  [
    "non è urgente, cerco un comodino",
    { product: "comodino", category: "casa", urgency: "giorni" },
    "budget",
  ],
  [
    "cerco un comodino per la settimana prossima",
    { product: "comodino", category: "casa", urgency: "giorni" },
    "budget",
  ],
  [
    "cerco un mixer, passo io",
    { product: "mixer", category: "strumenti musicali", delivery: "pickup" },
    "budget",
  ],
  ["cerco una chitarra nuova o usata", { product: "chitarra", category: "strumenti musicali" }, "budget"],
  ["mi serve un forno mai usato", { product: "forno", category: "casa", condition: "nuovo" }, "budget"],
  [
    "cerco un ukulele, il prima possibile",
    { product: "ukulele", category: "strumenti musicali", urgency: "subito" },
    "budget",
  ],
  [
    "Cerco una borsa in pelle marrone da regalare, nei prossimi giorni",
    { product: "borsa", category: "abbigliamento", urgency: "giorni", color: "marrone" },
    "budget",
  ],
  [
    "Cerco un tablet intorno ai 200 euro, consegna a domicilio, entro domani",
    {
      product: "tablet",
      category: "elettronica",
      budget: { min: 160, max: 240 },
      urgency: "48h",
      delivery: "delivery",
    },
    // The four basics and the place: Algo proposes publishing.
    "confirm",
  ],
  ["tra 50 e 80", { budget: { min: 50, max: 80 } }, "product"],
  ["ciao", {}, "product"],
  ["asdfghjk qwrtplk", {}, "repeat"],
  ["???", {}, "repeat"],
  ["", {}, "repeat"],
];

describe("offline Algo: first messages", () => {
  it.each(FIRST_MESSAGES)("%j", (text, expected, asks) => {
    const reply = offlineAlgoTurn({ fields: {}, text });
    expect(summary(reply.extractedData)).toEqual(expected);
    // The place decides which shops see the request and has no default: asked right after the product.
    expect(reply.asks).toBe(expected.product ? "place" : asks);
    expect(reply.isComplete).toBe(false);
    const placeKnown = offlineAlgoTurn({ fields: { location: MILANO }, text });
    expect(placeKnown.asks).toBe(asks);
  });

  it("covers at least 40 utterances", () => {
    expect(FIRST_MESSAGES.length).toBeGreaterThanOrEqual(40);
  });

  it("answers what it does not understand with the spec's text", () => {
    expect(offlineAlgoTurn({ fields: {}, text: "asdfghjk" }).message).toBe(ALGO_MESSAGES.notUnderstood);
    expect(offlineAlgoTurn({ fields: {}, text: "   " }).message).toBe(ALGO_MESSAGES.notUnderstood);
  });
});

/** Budget forms (spec §7's examples and ours): [text, budget]. */
const BUDGETS: ReadonlyArray<readonly [string, { min?: number; max?: number } | undefined]> = [
  ["sui 200 euro", { min: 160, max: 240 }],
  ["tra 50 e 80", { min: 50, max: 80 }],
  ["massimo 1000", { min: 0, max: 1000 }],
  ["al massimo 1000", { min: 0, max: 1000 }],
  ["non più di 1000", { min: 0, max: 1000 }],
  ["almeno 300", { min: 300 }],
  ["€ 150", { min: 0, max: 150 }],
  ["150€", { min: 0, max: 150 }],
  ["mille euro", { min: 0, max: 1000 }],
  ["49,90 euro", { min: 0, max: 49.9 }],
  ["da 80 a 50 euro", { min: 50, max: 80 }],
  ["entro 48 ore", undefined],
  ["55 pollici", undefined],
  ["un iPhone 13", undefined],
];

describe("offline Algo: budget", () => {
  it.each(BUDGETS)("%j", (text, budget) => {
    expect(extractUtterance(text).budget).toEqual(budget);
  });

  it("reads a bare number as the budget only when Algo asked for it", () => {
    expect(extractUtterance("200").budget).toBeUndefined();
    expect(extractUtterance("200", { pending: "budget", hasProduct: true }).budget).toEqual({
      min: 0,
      max: 200,
    });
  });
});

/** Urgency forms of the brief: [text, urgency]. */
const URGENCY_CASES: ReadonlyArray<readonly [string, string]> = [
  ["subito", "subito"],
  ["oggi stesso", "subito"],
  ["è urgente", "subito"],
  ["entro qualche ora", "ore"],
  ["in giornata", "giornata"],
  ["entro stasera", "giornata"],
  ["entro 48 ore", "48h"],
  ["domani", "48h"],
  ["dopodomani", "48h"],
  ["non ho fretta", "giorni"],
  ["nei prossimi giorni", "giorni"],
  ["entro la settimana", "giorni"],
];

describe("offline Algo: urgency and delivery", () => {
  it.each(URGENCY_CASES)("%j → %s", (text, urgency) => {
    expect(extractUtterance(text).urgency).toBe(urgency);
  });

  it.each([
    ["ritiro in negozio", "pickup"],
    ["passo a prenderlo", "pickup"],
    ["consegna a domicilio", "delivery"],
    ["me lo fate avere spedito?", "delivery"],
    ["va bene entrambi", "both"],
  ] as const)("%j → %s", (text, delivery) => {
    expect(extractUtterance(text).deliveryPreference).toBe(delivery);
  });

  it("reads 'indifferente' as both only when Algo asked about delivery", () => {
    expect(
      extractUtterance("indifferente", { pending: "delivery", hasProduct: true }).deliveryPreference,
    ).toBe("both");
    expect(extractUtterance("indifferente", { pending: "color", hasProduct: true })).toMatchObject({
      indifferent: ["color"],
    });
  });
});

describe("offline Algo: colours, conditions and specifications", () => {
  it.each([
    ["rosso", "rosso"],
    ["rossa", "rosso"],
    ["rossi", "rosso"],
    ["rosse", "rosso"],
    ["nere", "nero"],
    ["bianche", "bianco"],
    ["grigie", "grigio"],
    ["azzurra chiara", "azzurro chiaro"],
  ] as const)("colour %j → %s", (text, color) => {
    expect(extractUtterance(`scarpe ${text}`).color).toBe(color);
  });

  it.each([
    ["nuovo", "nuovo"],
    ["usata", "usato"],
    ["di seconda mano", "usato"],
    ["ricondizionato", "ricondizionato"],
  ] as const)("condition %j → %s", (text, condition) => {
    expect(extractUtterance(`un telefono ${text}`).condition).toBe(condition);
  });

  it("keeps the technical bits as specifications", () => {
    expect(extractUtterance("Cerco il nuovo Samsung Galaxy S24 da 256 GB").specifications).toEqual([
      "256 GB",
    ]);
    expect(extractUtterance("Cerco una TV 55 pollici 4K").specifications).toEqual(["55 pollici", "4K"]);
    expect(extractUtterance("gomme per Fiat Panda 2015").specifications).toEqual(["per Fiat Panda 2015"]);
  });

  it("takes materials after a preposition", () => {
    expect(extractUtterance("un tavolo in legno massello").material).toBe("legno massello");
    expect(extractUtterance("ferro da stiro").material).toBeUndefined();
  });
});

type Step = readonly [text: string, asks: AlgoAsk, expected?: Expected];

function converse(
  steps: readonly Step[],
  start: AlgoExtractedData = { location: MILANO },
): {
  fields: AlgoExtractedData;
  state: OfflineState;
  complete: boolean;
} {
  let fields: AlgoExtractedData = start;
  let state: OfflineState = INITIAL_OFFLINE_STATE;
  let complete = false;
  for (const [text, asks, expected] of steps) {
    const reply = offlineAlgoTurn({ fields, state, text });
    expect.soft(reply.asks, text).toBe(asks);
    if (expected) expect.soft(summary(reply.extractedData), text).toEqual(expected);
    fields = reply.extractedData;
    state = reply.state;
    complete = reply.isComplete;
    if (complete) {
      expect(reply.finalRequest).toEqual(fields);
      expect(reply.message).toContain("Ecco il riepilogo della tua richiesta");
    }
  }
  return { fields, state, complete };
}

describe("offline Algo: the place comes first", () => {
  it("asks where right after the product when the first message names no place, then budget, urgency, delivery", () => {
    const steps: Step[] = [
      ["Cerco una bicicletta da città", "place"],
      ["a Milano", "budget"],
      ["sui 200 euro", "urgency"],
      ["nei prossimi giorni", "delivery"],
    ];
    const { fields } = converse(steps, {});
    expect(fields.location).toMatchObject({ address: "Milano" });
  });

  it("does not ask for the place when the first message names it", () => {
    const reply = offlineAlgoTurn({ fields: {}, text: "Cerco una bicicletta da città a Milano" });
    expect(reply.extractedData.location).toMatchObject({ address: "Milano" });
    expect(reply.asks).toBe("budget");
  });
});

describe("offline Algo: conversations", () => {
  it("asks one thing at a time, proposes publishing at ~70 % and publishes on 'sì'", () => {
    const { fields, complete } = converse([
      ["Ciao", "product"],
      ["Cerco un paio di scarpe da running", "budget"],
      [
        "sui 100 euro",
        "urgency",
        { product: "scarpe da running", category: "abbigliamento", budget: { min: 80, max: 120 } },
      ],
      ["domani", "delivery"],
      // 4 of 6 topics: Algo proposes publishing and offers the number as one more detail.
      ["passo a prenderle", "confirm"],
      ["42", "confirm"],
      ["sì", "done"],
    ]);
    expect(complete).toBe(true);
    expect(summary(fields)).toEqual({
      product: "scarpe da running",
      category: "abbigliamento",
      budget: { min: 80, max: 120 },
      urgency: "48h",
      delivery: "pickup",
      size: "42",
    });
    const request = applyPublishingDefaults(fields);
    expect(request).toMatchObject({
      productName: "scarpe da running",
      category: "abbigliamento",
      budget: { min: 80, max: 120 },
      urgency: "48h",
      deliveryPreference: "pickup",
      actionRadius: 10,
      productDetails: { size: "42", condition: "nuovo" },
    });
  });

  it("accumulates fields over turns and lets a later message correct an earlier one", () => {
    converse([
      ["vorrei una bici", "budget", { product: "bici", category: "sport" }],
      [
        "al massimo 300 euro",
        "urgency",
        { product: "bici", category: "sport", budget: { min: 0, max: 300 } },
      ],
      ["anzi, massimo 250", "urgency", { product: "bici", category: "sport", budget: { min: 0, max: 250 } }],
      [
        "nei prossimi giorni",
        "delivery",
        { product: "bici", category: "sport", budget: { min: 0, max: 250 }, urgency: "giorni" },
      ],
    ]);
  });

  it("publishes without asking once every topic is known", () => {
    const { complete, fields } = converse([
      ["Cerco una racchetta da tennis usata sui 100 euro", "urgency"],
      ["entro domani, consegna a domicilio", "done"],
    ]);
    expect(complete).toBe(true);
    expect(summary(fields)).toMatchObject({
      product: "racchetta da tennis",
      condition: "usato",
      delivery: "delivery",
    });
  });

  it("takes 'no' to a detail as no preference, and 'no' to the proposal as 'ask me more'", () => {
    converse([
      ["Cerco una giacca", "budget"],
      ["massimo 150 euro", "urgency"],
      ["nei prossimi giorni", "delivery"],
      [
        "indifferente",
        "confirm",
        {
          product: "giacca",
          category: "abbigliamento",
          budget: { min: 0, max: 150 },
          urgency: "giorni",
          delivery: "both",
        },
      ],
      ["no, aspetta", "size"],
      ["no", "confirm"],
      ["nera", "done"],
    ]);
  });

  it("moves on after two messages it cannot read on the same question", () => {
    converse([
      ["Cerco un frullatore", "budget"],
      ["mah vediamo", "repeat"],
      ["mah vediamo", "urgency"],
    ]);
  });

  it("publishes on an order to publish, not on the word inside a request", () => {
    const fields: AlgoExtractedData = { productName: "bici", category: "sport", location: MILANO };
    expect(offlineAlgoTurn({ fields, text: "ok, pubblicala" }).isComplete).toBe(true);
    expect(offlineAlgoTurn({ fields, text: "puoi pubblicare" }).isComplete).toBe(true);
    const lastSentence = offlineAlgoTurn({ fields, text: "Ritiro in negozio. Pubblica pure" });
    expect(lastSentence.isComplete).toBe(true);
    expect(lastSentence.extractedData.productName).toBe("bici");
    expect(lastSentence.extractedData.deliveryPreference).toBe("pickup");
    expect(offlineAlgoTurn({ fields: {}, text: "Cerco un editore per pubblicare un libro" }).isComplete).toBe(
      false,
    );
  });

  it("never publishes without a product and says so when asked to publish", () => {
    const reply = offlineAlgoTurn({ fields: {}, text: "pubblica" });
    expect(reply.isComplete).toBe(false);
    expect(reply.asks).toBe("repeat");
    expect(reply.message).toContain("Che prodotto stai cercando?");
  });

  it("answers a photo without text by asking what it shows", () => {
    const reply = offlineAlgoTurn({ fields: {}, text: "", hasImage: true });
    expect(reply.asks).toBe("product");
    expect(reply.message).toContain("Ho ricevuto la foto");
  });

  it("asks for the shoe number, not the size, for footwear", () => {
    const fields: AlgoExtractedData = {
      productName: "scarpe",
      category: "abbigliamento",
      budget: { max: 100 },
      urgency: "giorni",
      location: MILANO,
    };
    const proposal = offlineAlgoTurn({
      fields,
      state: { ...INITIAL_OFFLINE_STATE, pending: "delivery" },
      text: "ritiro in negozio",
    });
    expect(proposal.asks).toBe("confirm");
    expect(proposal.message).toContain("o preferisci prima dirmi il numero?");
    const reply = offlineAlgoTurn({
      fields: proposal.extractedData,
      state: proposal.state,
      text: "no, aspetta",
    });
    expect(reply.asks).toBe("size");
    expect(reply.message).toContain("Che numero porti?");
  });
});
