import type { Condition } from "@/domain/core/enums";

/** The state of what the shop offers, from folded text; "mai usato" is new, "come nuovo" is used. */
const REFURBISHED = /\bricondizionat\w*|\brigenerat\w*|\brefurbished\b/;
const SEALED_NEW =
  /\bmai usat\w*|\bancora (?:imballat|incartat|nella scatola|in scatola)\w*|\bsigillat\w*|\bnuov[oaie] di zecca\b/;
const USED =
  /\busat[oaie]\b|\bdi seconda mano\b|\bseminuov\w*|\bcome nuov\w*|\bpari al nuovo\b|\brevisionat\w*|\bd'occasione\b|\bdell'usato\b/;
const NEW = /\bnuov[oaie]\b|\bnuovissim\w*|\bda vetrina\b|\bin scatola\b/;

export function extractCondition(folded: string): Condition | undefined {
  if (REFURBISHED.test(folded)) return "ricondizionato";
  if (SEALED_NEW.test(folded)) return "nuovo";
  if (USED.test(folded)) return "usato";
  if (NEW.test(folded)) return "nuovo";
  return undefined;
}
