import { z } from "zod";
import { idSchema, optionalText } from "../core/fields.ts";

/**
 * Reports, blocks and the admin's decisions. Reports and blocks are written by functions only
 * (reportContent, setBlock, moderateReport); the reporter reads their reports (with the outcome), the
 * blocker reads their blocks, and firestore.rules refuses a message to someone who blocked the sender;
 * submitOffer refuses an offer to a buyer who blocked the shop.
 */

export const REPORT_REASONS = ["spam", "offensive", "scam", "prohibited", "fake", "other"] as const;
export const reportReasonSchema = z.enum(REPORT_REASONS, { error: "Scegli un motivo" });
export type ReportReason = z.infer<typeof reportReasonSchema>;

export const REPORT_REASON_LABELS: Readonly<Record<ReportReason, string>> = {
  spam: "Pubblicità o messaggi indesiderati",
  offensive: "Linguaggio offensivo, minacce o molestie",
  scam: "Truffa o tentativo di truffa",
  prohibited: "Prodotto vietato, illegale o contraffatto",
  fake: "Richiesta o offerta falsa",
  other: "Altro",
};

/**
 * What is reported: a conversation (a message in it, optionally), an offer, a request, a shop's review
 * (profiles/{shopId}/reviews/{targetId}) or the shop's answer to it.
 */
export const REPORT_KINDS = ["conversation", "offer", "request", "review", "review_answer"] as const;
export const reportKindSchema = z.enum(REPORT_KINDS);
export type ReportKind = z.infer<typeof reportKindSchema>;

export const REPORT_KIND_LABELS: Readonly<Record<ReportKind, string>> = {
  conversation: "Conversazione",
  offer: "Offerta",
  request: "Richiesta",
  review: "Recensione",
  review_answer: "Risposta a una recensione",
};

/** A report's free text and the excerpt of the reported content it keeps. */
export const REPORT_TEXT_MAX_LENGTH = 1000;
export const REPORT_EXCERPT_MAX_LENGTH = 500;
/** At most this many reports per user a day (rate limit). */
export const MAX_REPORTS_PER_DAY = 20;

export const reportContentInputSchema = z.object({
  kind: reportKindSchema,
  targetId: idSchema,
  messageId: idSchema.optional(),
  /** A review's shop (kinds review and review_answer). */
  shopId: idSchema.optional(),
  reason: reportReasonSchema,
  text: optionalText(REPORT_TEXT_MAX_LENGTH),
});
export type ReportContentInput = z.input<typeof reportContentInputSchema>;
export const reportContentOutputSchema = z.object({ reportId: idSchema });

export const REPORT_STATUSES = ["open", "resolved"] as const;
export const REPORT_STATUS = { open: "open", resolved: "resolved" } as const;
export const reportStatusSchema = z.enum(REPORT_STATUSES);

/** What an admin may decide on a report. */
export const MODERATION_ACTIONS = [
  "dismiss",
  "hide_request",
  "close_conversation",
  "remove_content",
  "suspend_user",
] as const;
export const moderationActionSchema = z.enum(MODERATION_ACTIONS);
export type ModerationAction = z.infer<typeof moderationActionSchema>;

export const MODERATION_ACTION_LABELS: Readonly<Record<ModerationAction, string>> = {
  dismiss: "Nessuna violazione",
  hide_request: "Nascondi la richiesta",
  close_conversation: "Chiudi la conversazione",
  remove_content: "Rimuovi il contenuto",
  suspend_user: "Sospendi l'account",
};

/** What the reporter is told (in the app and by e-mail). */
export const MODERATION_OUTCOME_TEXTS: Readonly<Record<ModerationAction, string>> = {
  dismiss:
    "Abbiamo esaminato la tua segnalazione e non abbiamo riscontrato violazioni dei Termini d'uso. Grazie per averci aiutato.",
  hide_request:
    "Abbiamo esaminato la tua segnalazione e abbiamo nascosto la richiesta. Grazie per averci aiutato.",
  close_conversation:
    "Abbiamo esaminato la tua segnalazione e abbiamo chiuso la conversazione. Grazie per averci aiutato.",
  remove_content:
    "Abbiamo esaminato la tua segnalazione e abbiamo rimosso il contenuto segnalato. Grazie per averci aiutato.",
  suspend_user:
    "Abbiamo esaminato la tua segnalazione e abbiamo sospeso l'account segnalato. Grazie per averci aiutato.",
};

/** Which actions make sense for a kind of report (the admin queue shows these). */
export function actionsFor(kind: ReportKind): readonly ModerationAction[] {
  if (kind === "request") return ["dismiss", "hide_request", "suspend_user"];
  if (kind === "review" || kind === "review_answer") return ["dismiss", "remove_content", "suspend_user"];
  return ["dismiss", "close_conversation", "suspend_user"];
}

/** reports/{id} as the domain reads it. */
export const reportSchema = z.object({
  id: idSchema,
  reporterId: idSchema,
  reportedUserId: idSchema,
  kind: reportKindSchema,
  targetId: idSchema,
  conversationId: idSchema.optional(),
  requestId: idSchema.optional(),
  messageId: idSchema.optional(),
  shopId: idSchema.optional(),
  excerpt: z.string().max(REPORT_EXCERPT_MAX_LENGTH),
  reason: reportReasonSchema,
  text: z.string().max(REPORT_TEXT_MAX_LENGTH).optional(),
  status: reportStatusSchema,
  createdAt: z.date(),
  resolvedAt: z.date().optional(),
  action: moderationActionSchema.optional(),
  outcome: z.string().optional(),
  /** The decision's grounds (decisions.ts DECISION_GROUNDS) and the admin's words. */
  grounds: z.array(z.string()).optional(),
  reasonText: z.string().optional(),
});
export type Report = z.infer<typeof reportSchema>;

export const moderateReportOutputSchema = z.object({ ok: z.literal(true) });

/** An admin lifts an account's suspension (liftSuspension): its held requests are active again. */
export const liftSuspensionInputSchema = z.object({ uid: idSchema });

/** The admin queue: open reports first, then the latest resolved ones (dates as ISO strings on the wire). */
export const listReportsOutputSchema = z.object({
  reports: z.array(
    reportSchema.extend({
      createdAt: z.coerce.date(),
      resolvedAt: z.coerce.date().optional(),
      reportedName: z.string(),
      reportedSuspended: z.boolean(),
    }),
  ),
});
export type AdminReport = z.infer<typeof listReportsOutputSchema>["reports"][number];

/** blocks/{blockerId}_{blockedId}. */
export function blockId(blockerId: string, blockedId: string): string {
  return `${blockerId}_${blockedId}`;
}

export const setBlockInputSchema = z.object({ userId: idSchema, blocked: z.boolean() });
export const setBlockOutputSchema = z.object({ blocked: z.boolean() });

export const blockSchema = z.object({
  blockerId: idSchema,
  blockedId: idSchema,
  blockedName: z.string(),
  createdAt: z.date(),
});
export type Block = z.infer<typeof blockSchema>;

/** The custom claim an admin's ID token carries (set by scripts/admin/set-admin.ts). */
export const ADMIN_CLAIM = "admin";
