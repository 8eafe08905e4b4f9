import { CONDITION_LABELS, type Condition, type DeliveryPreference, type Urgency } from "@/domain/core/enums";
import { DESCRIPTION_MAX_LENGTH } from "@/domain/core/limits";
import { formatAlgoAmount } from "@/domain/products/budget-text";

/**
 * The offline Leonardo: a polite Italian offer text from the request and the price, deterministic.
 * Used without a Gemini key, and when Gemini fails (the merchant still gets a text to edit).
 */

export interface OfferContext {
  productName: string;
  budget?: { min?: number; max?: number };
  urgency?: Urgency;
  deliveryPreference?: DeliveryPreference;
  condition?: Condition;
  size?: string;
  color?: string;
  price: number;
  notes?: string;
  businessName?: string;
}

const AVAILABILITY: Record<Urgency, string> = {
  subito: "È disponibile subito.",
  ore: "Possiamo averlo pronto in poche ore.",
  giornata: "Possiamo averlo pronto in giornata.",
  "48h": "Possiamo averlo pronto entro 48 ore.",
  giorni: "Possiamo averlo pronto nei prossimi giorni.",
};

const DELIVERY: Record<DeliveryPreference, string> = {
  pickup: "Puoi ritirarlo in negozio quando preferisci.",
  delivery: "Possiamo consegnartelo a domicilio.",
  both: "Puoi ritirarlo in negozio oppure possiamo consegnartelo a domicilio.",
};

function budgetNote(price: number, budget: OfferContext["budget"]): string {
  if (budget?.max !== undefined && price > budget.max) return "";
  if (budget?.min !== undefined || budget?.max !== undefined)
    return ", in linea con il budget che hai indicato";
  return "";
}

export function writeOfferDescription(context: OfferContext): string {
  const details = [
    context.condition ? CONDITION_LABELS[context.condition].toLowerCase() : undefined,
    context.size ? `taglia/misura ${context.size}` : undefined,
    context.color ? `colore ${context.color}` : undefined,
  ].filter((part): part is string => Boolean(part));
  const what = details.length > 0 ? `${context.productName} (${details.join(", ")})` : context.productName;
  const sentences = [
    "Buongiorno!",
    `Abbiamo quello che cerchi: ${what} a ${formatAlgoAmount(context.price)} €${budgetNote(context.price, context.budget)}.`,
    context.urgency ? AVAILABILITY[context.urgency] : undefined,
    context.deliveryPreference ? DELIVERY[context.deliveryPreference] : undefined,
    context.notes ? `${context.notes.replace(/[.!]?$/, ".")}` : undefined,
    "Restiamo a disposizione per qualsiasi domanda.",
    context.businessName ? `A presto, ${context.businessName}` : "A presto!",
  ];
  return Array.from(sentences.filter(Boolean).join(" ")).slice(0, DESCRIPTION_MAX_LENGTH).join("");
}
