import type { DeliveryPreference } from "@/domain/core/enums";
import { GENERIC_INDIFFERENCE } from "./dialogue-acts";
import type { Matcher } from "./matcher";
import type { Topic } from "./topics";

/** Both, then pickup, then delivery; "entrambi" or "indifferente" only as the answer to the question. */
export function extractDelivery(m: Matcher, pending?: Topic): DeliveryPreference | undefined {
  if (
    m.first(
      /\bsia (?:il |col |con )?ritiro (?:che|sia|o) (?:la |con )?consegna\b|\bsia (?:la )?consegna (?:che|sia|o) (?:il )?ritiro\b|\britiro o consegna\b|\bconsegna o ritiro\b|\britiro (?:e|oppure) consegna\b|\bqualsiasi modalita\b/,
    )
  )
    return "both";
  if ((pending === undefined || pending === "delivery") && m.first(/\bentramb[ie]\b|\btutt[ie] e due\b/))
    return "both";
  if (pending === "delivery" && m.first(GENERIC_INDIFFERENCE)) return "both";
  const pickup = m.first(
    /\britiro (?:in negozio|di persona|io|presso il negozio)\b|\britir(?:arlo|arla|arli|arle|are|o)\b|\b(?:passo|vengo|vado|passerei|verrei|andrei|passo io|vengo io) (?:io )?a (?:prender|ritirar)(?:lo|la|li|le|e)\b|\b(?:passo|vado|vengo) io\b|\bin negozio\b|\bdi persona\b/,
  );
  if (pickup) return "pickup";
  const delivery = m.first(
    /\bconsegna a domicilio\b|\ba domicilio\b|\bconsegn(?:a|ato|ata|ati|ate|are|armelo|armela|ateci)\b|\bspedi(?:to|ta|ti|te|re|rlo|rla|rmelo|rmela|zione)\b|\bspedizione\b|\b(?:portare|mandare|inviare|portarmelo|portarmela|mandarmelo|mandarmela) a casa\b|\brecapit\w*|\ba casa mia\b|\bcorriere\b/,
  );
  return delivery ? "delivery" : undefined;
}
