/** Place fields (ours, the spec has none): the offline gazetteer on /create and in the merchant profile. */
export const PLACE_MESSAGES = {
  /** Status prefix: 'Posizione: Sesto San Giovanni (MI)'. */
  resolved: "Posizione",
  notFound:
    'Non troviamo questo comune. Scrivi il nome del comune (es. "Sesto San Giovanni") oppure usa la tua posizione.',
  unavailable: "Impossibile caricare l'elenco dei comuni. Riprova o usa la tua posizione.",
  /** The suggestions list's accessible name. */
  suggestions: "Comuni suggeriti",
} as const;
