import { describe, expect, it } from "vitest";
import places from "@/data/gazetteer/places-it.json";
import type { Gazetteer } from "./gazetteer.ts";
import { placeLabel } from "./place.ts";
import { findPlaceMention, type PlaceMention, placeFromParts } from "./place-mention.ts";

const dataset = places as unknown as Gazetteer;

/** 'Roma (RM) · Trastevere, Roma', 'vicino a me', or null. */
function read(mention: PlaceMention | undefined): string | null {
  if (!mention) return null;
  if (mention.kind === "near_me") return "vicino a me";
  return `${placeLabel(mention.comune)} · ${mention.address}`;
}

describe("findPlaceMention over real Italian sentences (the real gazetteer)", () => {
  it.each([
    // Comuni after a cue, any case.
    [
      "Cerco un trapano avvitatore nuovo a Roma, zona Trastevere, massimo 80 euro, ritiro in negozio, mi serve entro domani",
      "Roma (RM) · Trastevere, Roma",
    ],
    [
      "Cerco una bicicletta da città usata, budget massimo 200 euro, a Milano zona Navigli, mi serve entro questa settimana",
      "Milano (MI) · Navigli, Milano",
    ],
    ["Mi serve una lampada da scrivania a Milano", "Milano (MI) · Milano"],
    ["cerco un divano a torino", "Torino (TO) · Torino"],
    ["Vorrei delle scarpe da running a Bologna entro sabato", "Bologna (BO) · Bologna"],
    ["Cerco un iPhone 13 usato ad Ancona", "Ancona (AN) · Ancona"],
    ["Sono di Napoli e cerco un materasso matrimoniale", "Napoli (NA) · Napoli"],
    ["cerco un tavolo in legno, abito a Sesto San Giovanni", "Sesto San Giovanni (MI) · Sesto San Giovanni"],
    ["Ho bisogno di un frigorifero nei pressi di Bergamo", "Bergamo (BG) · Bergamo"],
    ["Cerco gomme invernali in provincia di Brescia", "Brescia (BS) · Brescia"],
    ["Cerco un casco da moto, zona Monza", "Monza (MB) · Monza"],
    ["Cerco una chitarra acustica a Reggio Emilia", "Reggio nell'Emilia (RE) · Reggio nell'Emilia"],
    ["Cerco una giacca a San Donà di Piave", "San Donà di Piave (VE) · San Donà di Piave"],
    ["Mi serve un ombrellone a Milano Marittima", "Milano Marittima (RA) · Milano Marittima"],
    ["Cerco un forno a microonde all'Aquila", null],
    ["Cerco un forno a microonde a L'Aquila", "L'Aquila (AQ) · L'Aquila"],
    ["Cerco un monitor, sono a Firenze", "Firenze (FI) · Firenze"],
    ["Cerco una stampante a Palermo centro", "Palermo (PA) · Palermo"],
    ["Cerco un passeggino. Verona", "Verona (VR) · Verona"],
    ["Cerco una bici, Padova", "Padova (PD) · Padova"],
    // Neighbourhoods, with or without their comune.
    ["Cerco una sedia a Milano, zona Porta Venezia", "Milano (MI) · Porta Venezia, Milano"],
    ["Cerco un tablet a Roma quartiere Testaccio", "Roma (RM) · Testaccio, Roma"],
    ["Cerco una cassettiera a Torino zona San Salvario", "Torino (TO) · San Salvario, Torino"],
    ["Cerco un aspirapolvere zona Vomero", "Napoli (NA) · Vomero, Napoli"],
    ["cerco un materasso zona navigli", "Milano (MI) · Navigli, Milano"],
    ["Cerco un monopattino a Trastevere", "Roma (RM) · Trastevere, Roma"],
    ["Cerco una scrivania a Brera", "Milano (MI) · Brera, Milano"],
    ["Cerco un tostapane a Torino, zona Barriera di Milano", "Torino (TO) · Barriera di Milano, Torino"],
    ["Cerco una poltrona a Milano zona Città Studi", "Milano (MI) · Città Studi, Milano"],
    // Homonyms and ambiguous names: exact match, then population.
    ["Cerco un frullatore a Milano", "Milano (MI) · Milano"],
    // Several hamlets are called exactly San Giovanni: the most populous, not a longer name.
    ["Cerco un vaso a San Giovanni", "San Giovanni (CT) · San Giovanni"],
    // Typos.
    ["Cerco un trapano a Milnao", "Milano (MI) · Milano"],
    ["cerco un divano a bolgna", "Bologna (BO) · Bologna"],
    ["Cerco un cellulare a Tornio", "Torino (TO) · Torino"],
    ["Cerco una lavatrice a Firenzee", "Firenze (FI) · Firenze"],
    // Near me: only the phone can answer.
    ["Cerco una bici vicino a me", "vicino a me"],
    ["Mi serve un caricabatterie sotto casa", "vicino a me"],
    ["Cerco un idraulico qui vicino", "vicino a me"],
    ["Cerco delle lampadine nella mia zona", "vicino a me"],
    ["Cerco una borraccia dove abito, entro domani", "vicino a me"],
    ["Cerco un tappeto sotto casa a Bologna", "Bologna (BO) · Bologna"],
    // No place at all (words that are hamlets elsewhere are not places).
    ["Cerco una bicicletta da città usata, sui 200 euro", null],
    ["Cerco un trapano avvitatore, ritiro in negozio, consegna a domicilio", null],
    ["Vorrei una giacca in pelle nera taglia M, a poco prezzo", null],
    ["Mi serve entro domani sera, pago in contanti", null],
    ["Cerco una lampada a led per la camera da letto", null],
    ["Cerco una maglia a righe in cotone", null],
    ["Cerco un pallone da calcio per mio figlio", null],
    ["Passo a prenderla in negozio sabato", null],
    // A team is not a place: comuni take no article.
    ["Cerco una maglia del Milan", null],
    ["Cerco la sciarpa della Roma, taglia unica", null],
  ])("%s → %s", (sentence, expected) => {
    expect(read(findPlaceMention(dataset, sentence))).toBe(expected);
  });
});

describe("findPlaceMention answering Algo's question 'Dove ti serve?'", () => {
  it.each([
    ["Bologna", "Bologna (BO) · Bologna"],
    ["roma", "Roma (RM) · Roma"],
    ["a Genova", "Genova (GE) · Genova"],
    ["Milano, Navigli", "Milano (MI) · Milano"],
    ["Milano zona Isola", "Milano (MI) · Isola, Milano"],
    ["sesto san giovanni", "Sesto San Giovanni (MI) · Sesto San Giovanni"],
    ["Milnao", "Milano (MI) · Milano"],
    ["vicino a me", "vicino a me"],
    ["non lo so", null],
  ])("%s → %s", (sentence, expected) => {
    expect(read(findPlaceMention(dataset, sentence, { answering: true }))).toBe(expected);
  });

  it("places a neighbourhood at its own position, inside its city", () => {
    const trastevere = findPlaceMention(dataset, "a Roma, zona Trastevere");
    expect(trastevere).toMatchObject({ kind: "place", lat: 41.8833, lng: 12.4667, zone: "Trastevere" });
  });
});

describe("placeFromParts (what Gemini read, through the gazetteer)", () => {
  it.each([
    [{ comune: "Roma", zona: "Trastevere" }, "Roma (RM) · Trastevere, Roma"],
    [{ comune: "Milano" }, "Milano (MI) · Milano"],
    [{ comune: "Prati", provincia: "GE" }, "Prati (GE) · Prati"],
    [{ comune: "Milano", zona: "Navigli" }, "Milano (MI) · Navigli, Milano"],
    [{ zona: "Vomero" }, "Napoli (NA) · Vomero, Napoli"],
    [{ comune: "Atlantide" }, null],
    [{}, null],
  ])("%j → %s", (parts, expected) => {
    expect(read(placeFromParts(dataset, parts))).toBe(expected);
  });
});
