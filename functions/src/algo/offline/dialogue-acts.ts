/**
 * What a message does besides giving fields: greets, confirms, denies, orders publishing, or says the
 * user does not mind. Matched on the folded text after the greeting.
 */

/** "Indifferente", "fa lo stesso", "non saprei": the user does not mind about the question asked. */
export const GENERIC_INDIFFERENCE =
  /\bindifferente\b|\bfa lo stesso\b|\be uguale\b|\bnon ho preferenze\b|\bnessuna preferenza\b|\bcome (?:preferisci|preferite|volete|vuoi)\b|\bnon importa\b|\bva bene tutto\b|\bnon saprei\b|\bnon so\b|\bboh\b|\bqualsiasi\b|\bqualunque\b|\bvedi tu\b|\bdecidi tu\b|\bnon mi interessa\b|\bnessun limite\b|\bnon ho un budget\b|\bsenza limiti?\b|\bnessun[oa]? in particolare\b|\bnon in particolare\b/;

/** A greeting opening the message, with or without Algo's name. */
export const GREETING =
  /^(?:ciao|salve|buongiorno|buonasera|buondi|hey|ehi|hello|hola|buon pomeriggio)\b[\s!,.]*(?:algo\b)?[\s!,.]*/;
/** "Sì", "ok", "va bene", "perfetto"… at the start of the message. */
export const CONFIRM =
  /^(?:si|ok|okay|va bene|certo|certamente|perfetto|esatto|giusto|d'accordo|confermo|conferma|procedi|vai|assolutamente|sicuro|benissimo|ottimo|yes)\b/;
/** "No", "aspetta", "non ancora"… at the start of the message, or "non pubblicare" anywhere. */
export const DENY =
  /^(?:no|non ancora|ancora no|aspetta|un attimo|un momento|prima vorrei|vorrei aggiungere|voglio aggiungere|nope)\b|\bnon pubblicare\b/;
/**
 * An order to publish, opening the message or one of its sentences ("pubblica", "sì, pubblicala",
 * "puoi pubblicare", "Ritiro in negozio. Pubblica pure"), never the verb inside a request.
 */
export const PUBLISH =
  /(?:^|[.!?;,]\s*)(?:(?:si|ok|okay|va bene|certo|perfetto|bene)\b[\s,!.]*)?(?:pubblica|pubblicala|pubblicalo|pubblichiamo|pubblicate|(?:puoi|potete|vai a|procedi a) pubblicar(?:e|la|lo))(?:\s+pure)?\b/;
