import { describe, expect, it } from "vitest";
import { parseCatalogueCsv, parseItalianPrice } from "./catalogue-csv.ts";

describe("parseCatalogueCsv", () => {
  it("reads a ';' file with Italian headers, decimal commas and quoted fields", () => {
    const file = [
      "Nome;Categoria;Condizione;Prezzo (€)",
      "Bicicletta da città;Sport;nuova;289,00",
      '"Cuffie ""Pro""; wireless";elettronica;usato;"1.299,50"',
      "",
      "Moka 6 tazze;casa;;€ 24",
    ].join("\r\n");
    expect(parseCatalogueCsv(file)).toEqual({
      rows: [
        {
          line: 2,
          product: { name: "Bicicletta da città", category: "sport", condition: "nuovo", price: 289 },
        },
        {
          line: 3,
          product: {
            name: 'Cuffie "Pro"; wireless',
            category: "elettronica",
            condition: "usato",
            price: 1299.5,
          },
        },
        { line: 5, product: { name: "Moka 6 tazze", category: "casa", condition: "nuovo", price: 24 } },
      ],
      errors: [],
    });
  });

  it("reads a ',' file with the columns in any order", () => {
    const file = 'prezzo,nome,categoria\n"89,00",Chitarra classica,Strumenti musicali\n';
    expect(parseCatalogueCsv(file).rows).toEqual([
      {
        line: 2,
        product: { name: "Chitarra classica", category: "strumenti musicali", condition: "nuovo", price: 89 },
      },
    ]);
  });

  it("reports every bad row by its line, in Italian, and keeps the good ones apart", () => {
    const file = [
      "nome;categoria;condizione;prezzo",
      "Casco;sport;nuovo;45,00",
      ";sport;nuovo;10",
      "Tostapane;cucina;nuovo;30",
      "Pneumatici;automotive;rotto;80",
      "Scarpe;abbigliamento;usato;gratis",
      "Zaino;sport;nuovo;0",
    ].join("\n");
    const result = parseCatalogueCsv(file);
    expect(result.rows.map((row) => row.line)).toEqual([2]);
    expect(result.errors.map((error) => error.message)).toEqual([
      "Riga 3: manca il nome del prodotto.",
      expect.stringMatching(/^Riga 4: categoria «cucina» sconosciuta/),
      "Riga 5: condizione «rotto» sconosciuta (usa: nuovo, usato, ricondizionato).",
      "Riga 6: prezzo «gratis» non valido (scrivi ad esempio 89,00).",
      "Riga 7: prezzo «0» non valido (scrivi ad esempio 89,00).",
    ]);
  });

  it("counts the lines inside a quoted field", () => {
    const file = 'nome;categoria;prezzo\n"Divano\nangolare";casa;500\nSedia;casa;x\n';
    const result = parseCatalogueCsv(file);
    // A name is one line: the break inside the quotes becomes a space.
    expect(result.rows[0]?.product.name).toBe("Divano angolare");
    expect(result.errors[0]?.message).toMatch(/^Riga 4: prezzo/);
  });

  it("refuses a header without the required columns, an empty file and an open quote", () => {
    expect(parseCatalogueCsv("titolo;costo\nx;1").errors[0]?.message).toBe(
      "Intestazione non valida: mancano le colonne nome, categoria, prezzo.",
    );
    expect(parseCatalogueCsv("").errors[0]?.message).toBe("Il file è vuoto.");
    expect(parseCatalogueCsv('nome;categoria;prezzo\n"Casco;sport;4').errors[0]?.message).toBe(
      "Riga 2: virgolette non chiuse.",
    );
  });
});

describe("parseItalianPrice", () => {
  it.each([
    ["89,00", 89],
    ["89.90", 89.9],
    ["1.299,00", 1299],
    ["€ 12", 12],
    ["12 €", 12],
  ])("%s → %d", (text, value) => expect(parseItalianPrice(text)).toBe(value));

  it.each(["", "abc", "1,2,3", "-5", "12,345"])("%s is not a price", (text) =>
    expect(parseItalianPrice(text)).toBeNaN(),
  );
});
