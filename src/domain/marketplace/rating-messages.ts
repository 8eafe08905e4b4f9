import { RATING_COOLDOWN_MS } from "../core/limits.ts";
import type { RatingUncountedReason } from "./rating.ts";

const COOLDOWN_DAYS = Math.round(RATING_COOLDOWN_MS / (24 * 60 * 60 * 1000));

/**
 * What the buyer reads about their rating: before sending it, whether it will count (an unproven e-mail
 * keeps it out of the shop's average and off its page, rating.ts ratingOutcome), and after, whether it
 * did and what would make the next one count.
 */
export const RATING_PROOF_COPY = {
  beforeRating:
    "Il tuo indirizzo e-mail non è ancora confermato: finché non lo confermi, la tua valutazione non conta nella media del negozio e non compare tra le sue recensioni. Confermalo ora con un tocco, poi invia la valutazione.",
  outcomeTitle: "La tua valutazione",
} as const;

export const RATING_OUTCOME_MESSAGES: Readonly<Record<"counted" | RatingUncountedReason, string>> = {
  counted: "Conta nella media del negozio e compare tra le recensioni sulla sua pagina.",
  email_unproven:
    "È salvata, ma non conta nella media del negozio e non compare tra le sue recensioni: il tuo indirizzo e-mail non è confermato. Confermalo con il link qui sotto e le prossime valutazioni conteranno.",
  cooldown: `Compare tra le recensioni sulla pagina del negozio, ma non cambia la sua media: per ogni cliente conta una valutazione dello stesso negozio ogni ${COOLDOWN_DAYS} giorni, e la tua ultima che ha contato è più recente.`,
};

/** The message for completeTransaction's answer; an answer without the flag is read as counted. */
export function ratingOutcomeMessage(answer: {
  ratingCounted?: boolean | undefined;
  ratingUncountedReason?: RatingUncountedReason | undefined;
}): string {
  if (answer.ratingCounted === false) {
    return RATING_OUTCOME_MESSAGES[answer.ratingUncountedReason ?? "email_unproven"];
  }
  return RATING_OUTCOME_MESSAGES.counted;
}
