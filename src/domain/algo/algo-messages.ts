/** Algo's own replies (spec §8). */
export const ALGO_MESSAGES = {
  /** Spec gives the gist only: monthly tokens used up, buy more or wait for next month. */
  outOfTokens:
    "Hai esaurito i token gratuiti di questo mese. Puoi acquistarne altri oppure aspettare il rinnovo del mese prossimo.",
  /** Spec gives the gist only: a technical problem, retry. */
  technicalFailure: "Mi dispiace, si è verificato un problema tecnico. Riprova tra qualche istante.",
  notUnderstood: "Mi dispiace, non ho capito bene. Puoi ripetere?",
  // ours (create page)
  almostComplete: "La tua richiesta è quasi completa!",
} as const;
