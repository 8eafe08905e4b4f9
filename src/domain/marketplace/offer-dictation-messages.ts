import { DICTATION_MAX_LENGTH } from "../core/limits.ts";

/**
 * 'Detta l'offerta' (Leonardo fills the offer form from what the shop says): the button, its states,
 * and what Leonardo says back (ours: the spec gives no text for these). Known to the catalogue
 * (isKnownMessage), so the function's refusals are shown as they are.
 */
export const DICTATION_MESSAGES = {
  button: "Detta l'offerta",
  listening: "Ti ascolto… parla pure",
  stop: "Ho finito di parlare",
  /** Leonardo's first words: it says it is an AI (AI Act, art. 50). */
  understanding: "Leonardo, l'assistente IA, sta compilando l'offerta…",
  hint: "Di' prezzo, ritiro o consegna e quando è disponibile, per esempio: «Ce l'ho, usata, 140 euro, la può ritirare domani dopo le 16».",
  /** The feed's quick path on a phone: /make-offer with the dictation ready. */
  answerByVoice: "Rispondi a voce",
  heard: "Hai detto",
  /** Beside each field Leonardo filled, until the shop changes it. */
  filledNote: "Scritto con l'IA (Leonardo): controlla.",
  /** Where the browser has no speech recognition: the form stays as it is. */
  unsupported: "Il tuo browser non riconosce la voce: compila l'offerta scrivendo nei campi qui sotto.",
  /** The browser or the shop refused the microphone. */
  microphoneBlocked:
    "Il microfono non è disponibile: consenti l'accesso al microfono nelle impostazioni del browser o compila i campi.",
  nothingHeard: "Non ho sentito niente: tocca di nuovo 'Detta l'offerta' e parla vicino al telefono.",
  noPrice: "Non ho sentito un prezzo: scrivilo tu nel campo Prezzo.",
  nothingUnderstood: "Non ho capito prezzo, consegna né disponibilità: ripeti l'offerta o compila i campi.",
  checkAndSend: "Controlla i campi evidenziati e tocca 'Invia l'offerta'.",
  emptyTranscript: "Detta l'offerta prima di inviarla a Leonardo.",
  tooLong: `L'offerta dettata è troppo lunga: al massimo ${DICTATION_MAX_LENGTH} caratteri.`,
  failed: "Leonardo non è riuscito a leggere l'offerta dettata. Riprova o compila i campi.",
} as const;

/** The form's fields Leonardo can fill, as the live region names them. */
export const DICTATED_FIELD_LABELS = {
  price: "prezzo",
  deliveryOptions: "consegna",
  estimatedDeliveryTime: "disponibilità",
  description: "descrizione",
} as const;
export type DictatedField = keyof typeof DICTATED_FIELD_LABELS;

/** "prezzo, consegna e disponibilità". */
export function listFields(fields: readonly DictatedField[]): string {
  const names = fields.map((name) => DICTATED_FIELD_LABELS[name]);
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} e ${names.at(-1)}`;
}

/** What the live region says once Leonardo filled the form (a screen reader hears it). */
export function filledAnnouncement(fields: readonly DictatedField[], priceMissing: boolean): string {
  const filled = fields.length > 0 ? `Leonardo ha compilato: ${listFields(fields)}.` : "";
  const parts = [filled, priceMissing ? DICTATION_MESSAGES.noPrice : "", DICTATION_MESSAGES.checkAndSend];
  return parts.filter(Boolean).join(" ");
}
