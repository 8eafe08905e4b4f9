import { z } from "zod";
import { dateSchema, idSchema } from "../core/fields.ts";

/**
 * Notifications (users/{uid}/notifications/{id}): what happened that the user should know about, in the
 * header's bell and, per the user's preferences, by e-mail. Written by functions only
 * (functions/src/notifications/notify.ts), each with an id derived from its event so a retried flow
 * never writes a second one; the owner reads them and may only set `readAt`.
 */

export const NOTIFICATION_KINDS = [
  /** A shop sent an offer on the buyer's request (→ buyer). */
  "offer_received",
  /** The buyer accepted the shop's offer (→ shop). */
  "offer_accepted",
  /** The buyer turned the shop's offer down (→ shop). */
  "offer_rejected",
  /** New requests near the shop in its categories since the last digest (→ shop, at most one an hour). */
  "requests_nearby",
  /** A new message while the recipient was away for NOTIFICATION_AWAY_MS (→ either side). */
  "message_received",
  /** The buyer's request expires within NOTIFICATION_EXPIRY_WINDOW_MS (→ buyer). */
  "request_expiring",
  /** The buyer cancelled the deal after accepting (→ shop). */
  "deal_cancelled",
  /** The shop withdrew its pending offer (→ buyer). */
  "offer_withdrawn",
  /** The other side's account was suspended: the chat closed, its pending offer expired (→ either side). */
  "conversation_closed",
  /** The shop's hold on the buyer's accepted item ends within HOLD_REMINDER_LEAD_MS (→ buyer). */
  "hold_ending",
  /** The shop marked the buyer's accepted item 'Non ritirato' after the hold ended (→ buyer). */
  "pickup_missed",
  /** An accepted deal closed unverified after DEAL_OPEN_MS (→ buyer and shop). */
  "deal_closed",
  /**
   * One new request near the shop, in its categories, on the shop's devices within a minute of its
   * publication (push only: the hourly `requests_nearby` keeps the bell and the e-mail); while the shop
   * is closed, one summary when it opens (push.ts pushTiming).
   */
  "new_request",
  /** A report was received: the acknowledgment the DSA asks for (→ reporter). */
  "report_received",
  /** An admin decided, with its grounds (people/decisions.ts) (→ reporter and reported person). */
  "moderation_decision",
  /** The admin answered a request for review of a decision (→ the person it concerns). */
  "appeal_decided",
] as const;
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

/** Named kinds, for writers: NOTIFICATION_KIND.offerReceived. */
export const NOTIFICATION_KIND = {
  offerReceived: "offer_received",
  offerAccepted: "offer_accepted",
  offerRejected: "offer_rejected",
  requestsNearby: "requests_nearby",
  messageReceived: "message_received",
  requestExpiring: "request_expiring",
  dealCancelled: "deal_cancelled",
  offerWithdrawn: "offer_withdrawn",
  conversationClosed: "conversation_closed",
  holdEnding: "hold_ending",
  pickupMissed: "pickup_missed",
  dealClosed: "deal_closed",
  newRequest: "new_request",
  reportReceived: "report_received",
  moderationDecision: "moderation_decision",
  appealDecided: "appeal_decided",
} as const satisfies Record<string, NotificationKind>;

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
/** A shop gets at most one digest of new nearby requests per this long. */
export const NOTIFICATION_DIGEST_INTERVAL_MS = HOUR_MS;
/** A message notifies only a recipient who has not been in the app for this long. */
export const NOTIFICATION_AWAY_MS = 10 * MINUTE_MS;
/** At most one message e-mail per conversation and recipient per this long. */
export const NOTIFICATION_MESSAGE_EMAIL_INTERVAL_MS = HOUR_MS;
/** The buyer is warned when their request expires within this long. */
export const NOTIFICATION_EXPIRY_WINDOW_MS = 24 * HOUR_MS;
/**
 * The app writes lastSeenAt at most once per this long while it is open and visible (one write per user
 * and 5 minutes, docs/scale.md): half NOTIFICATION_AWAY_MS, so someone in the app is never taken as away.
 */
export const LAST_SEEN_THROTTLE_MS = 5 * MINUTE_MS;
/** The bell lists the newest this-many notifications. */
export const NOTIFICATION_LIST_LIMIT = 20;
/** The bell's badge reads "9+" beyond this. */
export const NOTIFICATION_BADGE_CAP = 9;
/** An e-mail claimed for sending but not marked sent after this long may be tried again. */
export const NOTIFICATION_EMAIL_CLAIM_MS = 10 * MINUTE_MS;
/**
 * An e-mail its flow could not send (the SMTP server down, the function stopped between the commit and
 * the send) is tried again by the emailRetries sweep for this long after its event; later it is stale.
 */
export const NOTIFICATION_EMAIL_RETRY_WINDOW_MS = 24 * 60 * MINUTE_MS;
/** How many stuck e-mails one query page of the sweep reads (the next page starts after it). */
export const NOTIFICATION_EMAIL_RETRY_BATCH = 100;
/**
 * An e-mail the emailRetries sweep could not send waits this long before its next try, doubled at each
 * failure (10, 20, 40, 80 minutes…); the other notifications of the same user wait with it.
 */
export const NOTIFICATION_EMAIL_BACKOFF_MS = 10 * MINUTE_MS;
/** After this many failed tries by the sweep an e-mail is given up (`failed`): it leaves every query. */
export const NOTIFICATION_EMAIL_MAX_ATTEMPTS = 6;

/** Where the e-mail of a notification stands, recorded on the notification by the function. */
export const NOTIFICATION_EMAIL_STATUS = {
  pending: "pending",
  sending: "sending",
  sent: "sent",
  /** Not sent: the user switched this kind off, has no e-mail, or the rate limit applies. */
  skipped: "skipped",
  /** Failed; the emailRetries sweep tries again at emailRetryAt (NOTIFICATION_EMAIL_BACKOFF_MS). */
  waiting: "waiting",
  /** Given up after NOTIFICATION_EMAIL_MAX_ATTEMPTS tries (the notification stays in the app). */
  failed: "failed",
} as const;
export const notificationEmailStatusSchema = z.enum([
  "pending",
  "sending",
  "sent",
  "skipped",
  "waiting",
  "failed",
]);

/** A link inside the app: a path, never another origin. */
export const appLinkSchema = z
  .string()
  .max(300)
  .regex(/^\/(?!\/)[^\s]*$/);

/** users/{uid}/notifications/{id}. */
export const notificationSchema = z.object({
  id: idSchema,
  kind: notificationKindSchema,
  title: z.string().min(1).max(200),
  body: z.string().max(600),
  /** Where tapping it leads (a path of src/config/paths.ts). */
  link: appLinkSchema,
  createdAt: dateSchema,
  readAt: dateSchema.nullable(),
  emailStatus: notificationEmailStatusSchema,
  emailSentAt: dateSchema.nullable().optional(),
});
export type AppNotification = z.infer<typeof notificationSchema>;

/** The document's field paths (the bell's query, the owner's readAt update). */
export const NOTIFICATION_FIELDS = {
  createdAt: "createdAt",
  readAt: "readAt",
  emailStatus: "emailStatus",
  emailSentAt: "emailSentAt",
  emailClaimedAt: "emailClaimedAt",
  /** Tries of the emailRetries sweep that failed, and when the next one is due (status `waiting`). */
  emailAttempts: "emailAttempts",
  emailRetryAt: "emailRetryAt",
  /** Whether its push reached a device (PUSH_STATUS): "sent" stops its e-mail (the e-mail is the fallback). */
  pushStatus: "pushStatus",
} as const;

/** What the push step of a notification did: reached a device, or not (none wanted, none reached). */
export const PUSH_STATUS = { sent: "sent", none: "none" } as const;

/** notificationState/throttle-{uid}-{key}: {uid, lastEmailAt, notificationId: whose e-mail set it} (functions only). */
export const NOTIFICATION_STATE_FIELDS = { uid: "uid", lastEmailAt: "lastEmailAt" } as const;

/** users/{uid}/notificationSettings/{id}: the two documents. */
export const NOTIFICATION_SETTINGS_IDS = {
  /** E-mail preferences, written by the owner (notificationPreferencesSchema). */
  preferences: "preferences",
  /** {lastSeenAt}: written by the owner's app, at most once a LAST_SEEN_THROTTLE_MS. */
  presence: "presence",
} as const;

/** How often a shop's digest of nearby requests may go by e-mail: twice a day unless it chose hourly. */
export const DIGEST_FREQUENCIES = ["twice_daily", "hourly"] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];

/**
 * The owner's choices: one e-mail switch and one push switch per kind (in the app they are always shown;
 * missing = on), and the digest's e-mail frequency.
 */
export const notificationPreferencesSchema = z.object({
  email: z.partialRecord(notificationKindSchema, z.boolean()).default({}),
  push: z.partialRecord(notificationKindSchema, z.boolean()).default({}),
  digest: z.enum(DIGEST_FREQUENCIES).default("twice_daily"),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
/** The preferences as written (missing fields take their defaults). */
export type NotificationPreferencesInput = z.input<typeof notificationPreferencesSchema>;

export const PRESENCE_FIELDS = { lastSeenAt: "lastSeenAt" } as const;
export const PREFERENCE_FIELDS = {
  email: "email",
  push: "push",
  digest: "digest",
  updatedAt: "updatedAt",
} as const;

/** The digest e-mail's least interval for a frequency (twice a day by default). */
export function digestEmailIntervalMs(frequency: DigestFrequency | undefined): number {
  return frequency === "hourly" ? HOUR_MS : 12 * HOUR_MS;
}

/** Whether `kind` goes to the user's devices (every kind on until switched off). */
export function wantsPush(
  preferences: NotificationPreferencesInput | undefined,
  kind: NotificationKind,
): boolean {
  return preferences?.push?.[kind] !== false;
}

/** Whether `kind` goes by e-mail for a user with these preferences (everything is on until switched off). */
export function wantsEmail(
  preferences: NotificationPreferencesInput | undefined,
  kind: NotificationKind,
): boolean {
  return NOTIFICATION_PREFERENCE_LABELS[kind].audience === "always" || preferences?.email?.[kind] !== false;
}

/** The deterministic id of the notification an event produces: retries land on the same document. */
export function notificationId(kind: NotificationKind, eventKey: string): string {
  return `${kind}-${eventKey}`.replace(/\//g, "_").slice(0, 128);
}

/** The switches of /profile: one label per kind, and for whom it is meant. */
export const NOTIFICATION_PREFERENCE_LABELS: Record<
  NotificationKind,
  /** `always`: a notice the law asks for (DSA: acknowledgments, decisions), no switch, always e-mailed. */
  { label: string; audience: "customer" | "merchant" | "both" | "always" }
> = {
  offer_received: { label: "Nuove offerte sulle mie richieste", audience: "customer" },
  offer_withdrawn: { label: "Offerte ritirate dai negozi", audience: "customer" },
  request_expiring: { label: "Richieste in scadenza", audience: "customer" },
  hold_ending: { label: "Articoli tenuti da parte in scadenza", audience: "customer" },
  pickup_missed: { label: "Articoli non ritirati", audience: "customer" },
  offer_accepted: { label: "Offerte accettate", audience: "merchant" },
  offer_rejected: { label: "Offerte non accettate", audience: "merchant" },
  deal_cancelled: { label: "Accordi annullati", audience: "merchant" },
  requests_nearby: {
    label: "Riepilogo delle nuove richieste vicino al negozio",
    audience: "merchant",
  },
  message_received: { label: "Nuovi messaggi quando non sei nell'app", audience: "both" },
  conversation_closed: { label: "Conversazioni chiuse dai moderatori", audience: "both" },
  deal_closed: { label: "Accordi chiusi senza ritiro", audience: "both" },
  new_request: { label: "Ogni nuova richiesta vicino al negozio, appena pubblicata", audience: "merchant" },
  report_received: { label: "Conferme delle tue segnalazioni", audience: "always" },
  moderation_decision: { label: "Decisioni dei moderatori e i loro motivi", audience: "always" },
  appeal_decided: { label: "Esiti delle richieste di revisione", audience: "always" },
};

/** The bell's and the preferences' Italian words. */
export const NOTIFICATION_MESSAGES = {
  bellLabel: "Notifiche",
  listTitle: "Le tue notifiche",
  empty: "Nessuna notifica per ora. Ti avviseremo qui quando succede qualcosa.",
  loading: "Caricamento delle notifiche…",
  loadError: "Non è stato possibile caricare le notifiche.",
  markAllRead: "Segna tutte come lette",
  unreadSuffix: "non letta",
  preferencesTitle: "Notifiche",
  preferencesIntro:
    "Le notifiche restano sempre visibili nella campanella dell'app. Scegli quali vuoi ricevere anche per email e sul dispositivo: ciò che arriva sul dispositivo non ti viene ripetuto per email.",
  preferencesSaved: "Preferenze delle notifiche salvate",
  preferencesSave: "Salva preferenze",
  preferencesSaving: "Salvataggio…",
  preferencesError: "Non è stato possibile salvare le preferenze. Riprova.",
  emailAction: "Apri su Vicino",
  emailUnsubscribe: "Non vuoi più ricevere queste email?",
  unsubscribeDone: "Fatto: non riceverai più queste email. Puoi riattivarle dal tuo profilo.",
  unsubscribeConfirm: "Vuoi smettere di ricevere le email di questo tipo?",
  unsubscribeButton: "Disiscrivimi",
  unsubscribeInvalid: "Link non valido o scaduto.",
} as const;

/** The bell's badge text: the count, "9+" beyond the cap. */
export function formatNotificationCount(count: number): string {
  return count > NOTIFICATION_BADGE_CAP ? `${NOTIFICATION_BADGE_CAP}+` : String(count);
}

/** What a screen reader hears on the bell. */
export function notificationBellLabel(unread: number): string {
  if (unread === 0) return "Notifiche, nessuna nuova";
  return `Notifiche, ${formatNotificationCount(unread)} ${unread === 1 ? "nuova" : "nuove"}`;
}
