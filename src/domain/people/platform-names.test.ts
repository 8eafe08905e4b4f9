import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  foldName,
  isPlatformName,
  NAME_DROP,
  NAME_FOLDS,
  PLATFORM_STAFF_PATTERN,
  PLATFORM_WORDS_PATTERN,
} from "./platform-names";

const refused = [
  "Vicino",
  "vicino",
  "VICINO",
  "V i c i n o",
  "V.i.c.i.n.o",
  "V1C1N0",
  "Vicinо", // Cyrillic о
  "Assistenza",
  "Assistenza Clienti",
  "Servizio Clienti",
  "Supporto",
  "Suppòrto",
  "SUPP0RT0",
  "Staff",
  "S t a f f",
  "Admin",
  "ADM1N",
  "ADMlN",
  "@dmin",
  "Team Vicino",
  "Il team di Vicino",
  "Vicino Ufficiale",
  "Vicino Official",
  "Vicino Help",
  "Mario - Staff Vicino",
  "Assistenza Vicino.it",
  "Moderatore",
  "Amministrazione",
];

const allowed = [
  "Mario Rossi",
  "Bar Il Vicino",
  "Alimentari del Vicino",
  "Assistenza Computer Rossi",
  "Supporto Vitale Onlus",
  "Ferramenta Bianchi",
  "Lola",
  "Ilia",
  "Elia",
  "Giulia Rossi e Figli",
  "Café Ëlite",
];

describe("platform names", () => {
  it.each(refused)("refuses %j", (name) => {
    expect(isPlatformName(name)).toBe(true);
  });

  it.each(allowed)("accepts %j", (name) => {
    expect(isPlatformName(name)).toBe(false);
  });

  it("folds case, accents, spacing and look-alikes to plain letters", () => {
    expect(foldName("Suppòrto")).toBe("supporto");
    expect(foldName("ADM1N")).toBe("admin");
    expect(foldName("V i c i n o!")).toBe("vicinoi");
  });

  it("is mirrored in firestore.rules, string for string", () => {
    const rules = readFileSync(new URL("../../../firestore.rules", import.meta.url), "utf8");
    expect(rules).toContain(PLATFORM_WORDS_PATTERN);
    expect(rules).toContain(PLATFORM_STAFF_PATTERN);
    expect(rules).toContain(`'${NAME_DROP}'`);
    for (const [letter, characters] of NAME_FOLDS)
      expect(rules).toContain(`.replace('${characters}', '${letter}')`);
  });
});
