import type { DeliveryOption } from "@/domain/core/enums";

/**
 * How the buyer gets it, from folded text: pickup ("ritiro", "la può ritirare", "passi in negozio"),
 * delivery ("consegna", "a domicilio", "la porto io", "spedizione"), or both. "Solo ritiro", "non
 * consegniamo" and the like leave the other option out even when it is named.
 */

const PICKUP =
  /\britir\w*|\bin negozio\b|\bda noi\b|\bin bottega\b|\b(?:passare|passa|passi|venire|viene|venga|vieni|venite) (?:a )?(?:prender|ritirar|prendere|in negozio)\w*|\bdi persona\b|\b(?:passi|passa|passate|venga|venite) (?:pure )?(?:quando|in negozio|da noi)/;
const DELIVERY =
  /\bconsegn\w*|\ba domicilio\b|\bspedi\w*|\bcorriere\b|\b(?:la|lo|li|le|glielo|gliela|te lo|te la) (?:port\w*|mand\w*|spedi\w*)\b|\bportiamo\b|\bporto io\b|\ba casa (?:sua|tua|vostra)\b/;
const NO_DELIVERY =
  /\b(?:non|niente|nessuna|senza) (?:(?:facciamo|faccio|possiamo fare|posso fare|e possibile|c'e|ce|la|le|li|lo) )?(?:consegn|spedi|domicilio)\w*|\bsolo (?:il )?ritiro\b|\bsolo in negozio\b/;
const NO_PICKUP =
  /\b(?:non|niente|senza) (?:(?:si puo|puo|e possibile|c'e) )?(?:ritir|ritiro)\w*|\bsolo (?:la |con )?(?:consegna|spedizione)\b|\bsolo a domicilio\b/;
const BOTH =
  /\bentramb[ie]\b|\bsia (?:il )?ritiro (?:che|sia) (?:la )?consegna\b|\bsia (?:la )?consegna (?:che|sia) (?:il )?ritiro\b/;

export function extractDelivery(said: string): DeliveryOption[] | undefined {
  // "Pronta consegna" says it is in stock, not how it travels.
  const folded = said.replace(/\b(?:in )?pronta consegna\b/g, "");
  if (BOTH.test(folded)) return ["pickup", "delivery"];
  const noDelivery = NO_DELIVERY.test(folded);
  const noPickup = NO_PICKUP.test(folded);
  const pickup = !noPickup && (PICKUP.test(folded) || noDelivery);
  const delivery = !noDelivery && (DELIVERY.test(folded) || noPickup);
  const options: DeliveryOption[] = [];
  if (pickup) options.push("pickup");
  if (delivery) options.push("delivery");
  return options.length > 0 ? options : undefined;
}
