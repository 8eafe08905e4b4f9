import { z } from "zod";
import { VALIDATION_MESSAGES } from "../core/common-messages.ts";
import { CONDITION_LABELS, type Condition, conditionSchema, requestCategorySchema } from "../core/enums.ts";
import { dateSchema, requiredText } from "../core/fields.ts";
import { MAX_CATALOGUE_PRODUCTS, PRODUCT_NAME_MAX_LENGTH } from "../core/limits.ts";
import { areSimilar } from "../products/product-similarity.ts";
import type { Request } from "./request.ts";

/**
 * 'Il tuo catalogo': the products a shop sells, with a price (users/{uid}/catalogue/{slot}, owner only).
 * A product's id is its slot, 'p00' to 'p99' (MAX_CATALOGUE_PRODUCTS): the rules allow no other id,
 * so no script can store more. A paused product stays in the list but matches nothing.
 */
export const catalogueProductInputSchema = z.object({
  name: requiredText(PRODUCT_NAME_MAX_LENGTH, "Inserisci il nome del prodotto"),
  category: requestCategorySchema,
  condition: conditionSchema,
  price: z
    .number({ error: VALIDATION_MESSAGES.invalidPrice })
    .positive({ error: VALIDATION_MESSAGES.invalidPrice })
    .max(1_000_000, { error: VALIDATION_MESSAGES.invalidPrice }),
});
export type CatalogueProductInput = z.infer<typeof catalogueProductInputSchema>;

export const catalogueProductSchema = catalogueProductInputSchema.extend({
  id: z.string(),
  paused: z.boolean(),
  updatedAt: dateSchema,
});
export type CatalogueProduct = z.infer<typeof catalogueProductSchema>;

/** The slot ids, in order: 'p00'…'p99'. */
export function catalogueSlots(): string[] {
  const width = String(MAX_CATALOGUE_PRODUCTS - 1).length;
  return Array.from({ length: MAX_CATALOGUE_PRODUCTS }, (_, i) => `p${String(i).padStart(width, "0")}`);
}

/** The first `count` slots not taken, or null when the catalogue has no room for them. */
export function freeSlots(taken: readonly string[], count: number): string[] | null {
  const used = new Set(taken);
  const free = catalogueSlots().filter((slot) => !used.has(slot));
  return free.length >= count ? free.slice(0, count) : null;
}

export const CATALOGUE_MESSAGES = {
  title: "Il tuo catalogo",
  lead: "I prodotti che vendi, con il prezzo: quando una richiesta vicina li cerca, la tua offerta è già pronta.",
  add: "Aggiungi un prodotto",
  save: "Salva",
  edit: "Modifica",
  pause: "Metti in pausa",
  resume: "Riattiva",
  paused: "In pausa",
  empty: "Il catalogo è vuoto: aggiungi un prodotto o importa un file CSV.",
  name: "Nome del prodotto",
  category: "Categoria",
  condition: "Condizione",
  price: "Prezzo (€)",
  importTitle: "Importa da CSV",
  importHint:
    "Intestazione: nome;categoria;condizione;prezzo (separatore ; o ,). Esempio: iPhone 14;elettronica;nuovo;789,00",
  importFile: "File CSV",
  importSave: (count: number) => (count === 1 ? "Importa 1 prodotto" : `Importa ${count} prodotti`),
  skipBad: "Salta le righe con errori",
  unreadable: "Non siamo riusciti a leggere il file. Riprova.",
  tooBig: "Il file è troppo grande (al massimo 200 kB).",
  imported: (count: number) => (count === 1 ? "1 prodotto importato" : `${count} prodotti importati`),
  saved: "Prodotto salvato",
  full: `Il catalogo può contenere al massimo ${MAX_CATALOGUE_PRODUCTS} prodotti.`,
  loadError: "Non siamo riusciti a caricare il catalogo.",
  saveError: "Non siamo riusciti a salvare il catalogo. Riprova.",
  count: (count: number) => `${count} di ${MAX_CATALOGUE_PRODUCTS} prodotti`,
  /** The feed card of a request the catalogue matches. */
  youHaveIt: (price: string) => `Ce l'hai a ${price}`,
} as const;

/** A request as the match needs it. */
export type MatchableRequest = Pick<Request, "category" | "productName">;

/**
 * The catalogue's product that answers `request` (the price guidance's similarity, areSimilar: same
 * category, similar product), the cheapest if several, never a paused one; undefined when none does.
 * The shop's feed calls it on the client; the fan-out may call it on the server.
 */
export function catalogueMatch<P extends Omit<CatalogueProduct, "updatedAt">>(
  request: MatchableRequest,
  products: readonly P[],
): P | undefined {
  let best: P | undefined;
  for (const product of products) {
    if (product.paused) continue;
    if (!areSimilar(request, { category: product.category, productName: product.name })) continue;
    if (!best || product.price < best.price) best = product;
  }
  return best;
}

/** The offer's description filled from a product: its name and condition. */
export function catalogueDescription(product: { name: string; condition: Condition }): string {
  return `${product.name} (${CONDITION_LABELS[product.condition].toLowerCase()}), disponibile in negozio.`;
}

/**
 * The make-offer form's draft from a matched product (the shop still sends it with 'Invia l'offerta'):
 * no delivery, so the form starts from the buyer's preference as for any new offer.
 */
export function catalogueOfferDraft(product: Pick<CatalogueProduct, "name" | "condition" | "price">) {
  return {
    price: product.price.toLocaleString("it-IT", { minimumFractionDigits: 2, useGrouping: false }),
    description: catalogueDescription(product),
    deliveryOptions: [] as string[],
    estimatedDeliveryTime: "",
    additionalNotes: "",
    aiGenerated: false,
    origin: "catalogo" as const,
  };
}

/** users/{uid}/catalogue/{slot} as the page writes it (the rules check this shape); `now` the writer's time. */
export function buildCatalogueProduct<Time>(input: CatalogueProductInput, paused: boolean, now: () => Time) {
  const product = catalogueProductInputSchema.parse(input);
  return { ...product, paused, updatedAt: now() };
}
