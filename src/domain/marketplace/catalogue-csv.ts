import { CATEGORY_LABELS, CONDITIONS, type Condition, REQUEST_CATEGORIES } from "../core/enums.ts";
import { MAX_AMOUNT_EUR, PRODUCT_NAME_MAX_LENGTH } from "../core/limits.ts";
import type { CatalogueProductInput } from "./catalogue.ts";

/**
 * A catalogue imported from a CSV file, as a spreadsheet exports it in Italy: `;` or `,` between fields
 * (the header's tells which), fields in double quotes when they hold one ("" is a quote), prices with
 * a decimal comma ('89,00', '1.299,00', '€ 89'), a header with Italian names (nome, categoria,
 * condizione, prezzo; condizione optional, 'nuovo' when missing). Every row is checked before anything
 * is saved: the page saves only a file without errors (or the good rows once the shop chose to skip
 * the bad ones), so nothing is half-saved.
 */

export const CSV_MESSAGES = {
  empty: "Il file è vuoto.",
  missingColumns: (names: string) => `Intestazione non valida: mancano le colonne ${names}.`,
  unclosedQuote: (line: number) => `Riga ${line}: virgolette non chiuse.`,
  row: (line: number, message: string) => `Riga ${line}: ${message}`,
  name: "manca il nome del prodotto.",
  nameTooLong: `il nome supera ${PRODUCT_NAME_MAX_LENGTH} caratteri.`,
  category: (value: string) =>
    `categoria «${value}» sconosciuta (usa: ${REQUEST_CATEGORIES.map((c) => CATEGORY_LABELS[c]).join(", ")}).`,
  condition: (value: string) => `condizione «${value}» sconosciuta (usa: nuovo, usato, ricondizionato).`,
  price: (value: string) => `prezzo «${value}» non valido (scrivi ad esempio 89,00).`,
} as const;

export type CsvRow = { line: number; product: CatalogueProductInput };
export type CsvError = { line: number; message: string };
export type CsvImport = { rows: CsvRow[]; errors: CsvError[] };

const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/\(.*?\)|€/g, "")
    .trim();

const COLUMN_NAMES = {
  name: ["nome", "prodotto", "nome prodotto", "articolo"],
  category: ["categoria"],
  condition: ["condizione", "stato"],
  price: ["prezzo", "prezzo euro", "importo"],
} as const;
type Column = keyof typeof COLUMN_NAMES;

/** Splits the text into records of fields, each with the line it starts on. */
function records(text: string, separator: string): { line: number; fields: string[] }[] | CsvError {
  const out: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = "";
  let quoted = false;
  let line = 1;
  let start = 1;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else {
        if (char === "\n") line++;
        field += char;
      }
    } else if (char === '"' && field.trim() === "") {
      quoted = true;
      field = "";
    } else if (char === separator) {
      fields.push(field);
      field = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && text[i + 1] === "\n") i++;
      fields.push(field);
      out.push({ line: start, fields });
      fields = [];
      field = "";
      line++;
      start = line;
    } else field += char;
  }
  if (quoted) return { line: start, message: CSV_MESSAGES.unclosedQuote(start) };
  if (field !== "" || fields.length > 0) out.push({ line: start, fields: [...fields, field] });
  return out.filter((record) => record.fields.some((value) => value.trim() !== ""));
}

/** The header's separator: `;` when the first line has one outside quotes, else `,`. */
function separatorOf(text: string): string {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? "";
  return firstLine.replace(/"[^"]*"/g, "").includes(";") ? ";" : ",";
}

/** '89,00', '89.00', '1.299,00', '€ 89', '1299' → the number; NaN otherwise. */
export function parseItalianPrice(value: string): number {
  const text = value.replace(/€|\s/g, "");
  if (/^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(text)) return Number(text.replaceAll(".", "").replace(",", "."));
  if (/^\d+([.,]\d{1,2})?$/.test(text)) return Number(text.replace(",", "."));
  return Number.NaN;
}

const CATEGORY_BY_WORD = new Map<string, (typeof REQUEST_CATEGORIES)[number]>(
  REQUEST_CATEGORIES.flatMap((value) => [
    [fold(value), value],
    [fold(CATEGORY_LABELS[value]), value],
  ]),
);
const CONDITION_BY_WORD = new Map<string, Condition>([
  ...CONDITIONS.map((value) => [value, value] as const),
  ["nuova", "nuovo"],
  ["usata", "usato"],
  ["ricondizionata", "ricondizionato"],
]);

/** Reads one row against the header's columns: the product, or the row's error. */
function readRow(line: number, fields: string[], columns: Record<Column, number>): CsvRow | CsvError {
  const at = (column: Column) => (columns[column] >= 0 ? (fields[columns[column]] ?? "").trim() : "");
  const fail = (message: string) => ({ line, message: CSV_MESSAGES.row(line, message) });
  const name = at("name").replace(/\s+/g, " ");
  if (!name) return fail(CSV_MESSAGES.name);
  if (name.length > PRODUCT_NAME_MAX_LENGTH) return fail(CSV_MESSAGES.nameTooLong);
  const category = CATEGORY_BY_WORD.get(fold(at("category")));
  if (!category) return fail(CSV_MESSAGES.category(at("category")));
  const condition = at("condition") === "" ? "nuovo" : CONDITION_BY_WORD.get(fold(at("condition")));
  if (!condition) return fail(CSV_MESSAGES.condition(at("condition")));
  const price = parseItalianPrice(at("price"));
  if (!(price > 0 && price <= MAX_AMOUNT_EUR)) return fail(CSV_MESSAGES.price(at("price")));
  return { line, product: { name, category, condition, price } };
}

/** The whole file checked: its good rows and every bad row's error, by line number (the header is line 1). */
export function parseCatalogueCsv(text: string): CsvImport {
  const clean = text.replace(/^\uFEFF/, "");
  const parsed = records(clean, separatorOf(clean));
  if (!Array.isArray(parsed)) return { rows: [], errors: [parsed] };
  const [header, ...body] = parsed;
  if (!header) return { rows: [], errors: [{ line: 1, message: CSV_MESSAGES.empty }] };
  const names = header.fields.map(fold);
  const columns = Object.fromEntries(
    (Object.keys(COLUMN_NAMES) as Column[]).map((column) => [
      column,
      names.findIndex((name) => (COLUMN_NAMES[column] as readonly string[]).includes(name)),
    ]),
  ) as Record<Column, number>;
  const missing = (["name", "category", "price"] as const).filter((column) => columns[column] < 0);
  if (missing.length > 0) {
    const list = missing.map((column) => COLUMN_NAMES[column][0]).join(", ");
    return { rows: [], errors: [{ line: header.line, message: CSV_MESSAGES.missingColumns(list) }] };
  }
  const rows: CsvRow[] = [];
  const errors: CsvError[] = [];
  for (const record of body) {
    const read = readRow(record.line, record.fields, columns);
    if ("product" in read) rows.push(read);
    else errors.push(read);
  }
  return { rows, errors };
}
