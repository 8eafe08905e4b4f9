import { z } from "zod";
import { idSchema, optionalText, requiredText } from "../core/fields.ts";
import { MODERATION_ACTION_LABELS, type ModerationAction, moderationActionSchema } from "./moderation.ts";

/**
 * Decisions with reasons (Digital Services Act art. 16-20, notice and action; P2B regulation 2019/1150
 * art. 4 for shops). Every admin decision on a report, and every refused shop, is recorded in
 * decisions/{id} with its grounds (a closed list) and a free text, told to the person it concerns (and
 * to the reporter), who may ask once for a review ('Chiedi una revisione'); the admin's outcome is
 * written back. Written by functions only (moderateReport, decideShopReview, appealDecision,
 * decideAppeal); the person it concerns reads it, even while suspended.
 */

/** decisions/{id}: its subject's own list, and the admin's requests for review (pending, oldest first). */
export const DECISION_FIELDS = {
  subjectId: "subjectId",
  appealPending: "appealPending",
  appealedAt: "appealedAt",
} as const;

export const DECISION_GROUNDS = [
  "illegal",
  "terms",
  "fake_review",
  "scam",
  "spam",
  "harassment",
  "shop_unverified",
  "no_violation",
] as const;
export const decisionGroundSchema = z.enum(DECISION_GROUNDS, { error: "Scegli un motivo valido" });
export type DecisionGround = z.infer<typeof decisionGroundSchema>;

export const DECISION_GROUND_LABELS: Readonly<Record<DecisionGround, string>> = {
  illegal: "Contenuto illegale",
  terms: "Violazione dei Termini d'uso",
  fake_review: "Recensione falsa o non basata su un acquisto",
  scam: "Truffa o tentativo di truffa",
  spam: "Pubblicità o messaggi indesiderati",
  harassment: "Linguaggio offensivo, minacce o molestie",
  shop_unverified: "Dati del negozio non verificabili (Partita IVA, nome, indirizzo)",
  no_violation: "Nessuna violazione riscontrata",
};

/** What was decided: a report's action, or a shop refused at verification. */
export const DECISION_ACTIONS = [...moderationActionSchema.options, "refuse_shop"] as const;
export const decisionActionSchema = z.enum(DECISION_ACTIONS);
export type DecisionAction = z.infer<typeof decisionActionSchema>;

export const DECISION_ACTION_LABELS: Readonly<Record<DecisionAction, string>> = {
  ...(MODERATION_ACTION_LABELS satisfies Record<ModerationAction, string>),
  dismiss: "Nessun provvedimento",
  refuse_shop: "Negozio non approvato",
};

export const DECISION_TEXT_MAX_LENGTH = 1000;
export const APPEAL_TEXT_MAX_LENGTH = 1000;
/** How long after a decision its review may be asked (the DSA asks for at least six months). */
export const APPEAL_WINDOW_MS = 183 * 24 * 60 * 60 * 1000;
/** The admin's list of requests for review: one bounded page, oldest first. */
export const APPEAL_PAGE = 50;
/** The decisions a person reads: the latest this many. */
export const DECISION_LIST_LIMIT = 20;

export const APPEAL_OUTCOMES = ["confirmed", "revoked"] as const;
export const appealOutcomeSchema = z.enum(APPEAL_OUTCOMES);
export type AppealOutcome = z.infer<typeof appealOutcomeSchema>;
export const APPEAL_OUTCOME_LABELS: Readonly<Record<AppealOutcome, string>> = {
  confirmed: "Decisione confermata",
  revoked: "Decisione annullata",
};

/** The grounds and the admin's words, as every decision carries them. */
export const decisionReasonsSchema = z.object({
  grounds: z.array(decisionGroundSchema).min(1, { error: "Scegli almeno un motivo" }).max(4),
  reasonText: optionalText(DECISION_TEXT_MAX_LENGTH),
});
export type DecisionReasons = z.output<typeof decisionReasonsSchema>;

/** decisions/{id} as the domain reads it. */
export const decisionSchema = z.object({
  id: idSchema,
  subjectId: idSchema,
  reportId: idSchema.optional(),
  action: decisionActionSchema,
  grounds: z.array(decisionGroundSchema).min(1),
  reasonText: z.string().max(DECISION_TEXT_MAX_LENGTH).optional(),
  /** What the decision is about, as the report kept it (never the reporter). */
  excerpt: z.string().max(500).optional(),
  decidedAt: z.date(),
  appeal: z.object({ text: z.string().max(APPEAL_TEXT_MAX_LENGTH), at: z.date() }).optional(),
  appealOutcome: z
    .object({ outcome: appealOutcomeSchema, text: z.string().max(DECISION_TEXT_MAX_LENGTH), at: z.date() })
    .optional(),
});
export type Decision = z.infer<typeof decisionSchema>;

/**
 * An admin's decision on a report (moderateReport), with its grounds and a free text: both are told to
 * the reporter and to the person reported.
 */
export const moderateReportInputSchema = z
  .object({ reportId: idSchema, action: moderationActionSchema })
  .extend(decisionReasonsSchema.shape);

export const appealDecisionInputSchema = z.object({
  decisionId: idSchema,
  text: requiredText(APPEAL_TEXT_MAX_LENGTH, "Spiega perché chiedi una revisione"),
});
export const decideAppealInputSchema = z.object({
  decisionId: idSchema,
  outcome: appealOutcomeSchema,
  text: requiredText(DECISION_TEXT_MAX_LENGTH, "Scrivi i motivi dell'esito"),
});
export const okOutputSchema = z.object({ ok: z.literal(true) });
/** The admin's list of requests for review (dates as ISO strings on the wire). */
export const listAppealsOutputSchema = z.object({
  appeals: z.array(
    decisionSchema.extend({
      decidedAt: z.coerce.date(),
      appeal: z.object({ text: z.string(), at: z.coerce.date() }),
      subjectName: z.string(),
    }),
  ),
});
export type AdminAppeal = z.infer<typeof listAppealsOutputSchema>["appeals"][number];

export const DECISION_MESSAGES = {
  title: "Decisioni che ti riguardano",
  intro:
    "Ogni decisione dei moderatori ha i suoi motivi. Se non sei d'accordo puoi chiedere una revisione, una sola volta, entro 6 mesi.",
  appealAction: "Chiedi una revisione",
  appealLabel: "Perché la decisione andrebbe rivista",
  appealSent: "Richiesta di revisione inviata: ti scriveremo l'esito.",
  appealPending: "Revisione richiesta: in attesa dell'esito",
  notFound: "Decisione non trovata.",
  notYours: "Questa decisione non ti riguarda.",
  alreadyAppealed: "Hai già chiesto una revisione di questa decisione.",
  appealClosed: "Sono passati più di 6 mesi dalla decisione: non è più possibile chiederne la revisione.",
  notAppealed: "Questa decisione non ha una richiesta di revisione in attesa.",
  appealFailed: "Impossibile inviare la richiesta di revisione. Riprova.",
  adminTitle: "Richieste di revisione",
  adminEmpty: "Nessuna richiesta di revisione in attesa.",
  groundsLabel: "Motivi della decisione",
  reasonTextLabel: "Spiegazione (la leggono chi ha segnalato e la persona interessata)",
} as const;

/** The grounds' labels, joined (an unknown one as it is stored). */
export function groundLabels(grounds: readonly string[]): string {
  return grounds.map((ground) => DECISION_GROUND_LABELS[ground as DecisionGround] ?? ground).join("; ");
}

/** The words a decision is told with (notification, e-mail, the app): what, on which grounds, why. */
export function decisionSummary(input: {
  action: DecisionAction;
  grounds: readonly DecisionGround[];
  reasonText?: string | undefined;
}): string {
  const grounds = groundLabels(input.grounds);
  const why = input.reasonText ? ` Spiegazione: ${input.reasonText}` : "";
  return `Decisione: ${DECISION_ACTION_LABELS[input.action]}. Motivi: ${grounds}.${why}`;
}

/** The words of an appeal's outcome. */
export function appealOutcomeSummary(outcome: AppealOutcome, text: string): string {
  return `${APPEAL_OUTCOME_LABELS[outcome]}. ${text}`;
}

/** Why `uid` may not ask for a review of `decision` now (undefined: it may). */
export function appealRefusal(
  decision: Pick<Decision, "subjectId" | "decidedAt" | "appeal">,
  uid: string,
  now: Date,
): keyof typeof DECISION_MESSAGES | undefined {
  if (decision.subjectId !== uid) return "notYours";
  if (decision.appeal) return "alreadyAppealed";
  if (now.getTime() - decision.decidedAt.getTime() > APPEAL_WINDOW_MS) return "appealClosed";
  return undefined;
}
