/**
 * The trust texts the entry chunk shows (the suspension notice on every page, 'Segnala' on a chat's
 * messages), kept apart from ./trust-messages.ts like src/domain/core/first-paint-messages.ts: a
 * bundler keeps a whole module once one of its texts is in the first chunk, and the marketing pages'
 * budget is 120 kB gzip (architecture §8). ./trust-messages.ts gives them in their place, so there is
 * still one source per text. No imports.
 */

/**
 * What a suspended account reads on every page, at once (its profile is live): the rules already refuse
 * its marketplace reads and writes, so its chats and lists empty out; this says why.
 */
export const SUSPENSION_NOTICE = {
  title: "Il tuo account è sospeso",
  body: "I moderatori lo hanno sospeso dopo una segnalazione: non puoi più pubblicare richieste, inviare offerte né scrivere nelle chat.",
  contact: "Se pensi che sia un errore, scrivici a",
  /** The decision's reasons and 'Chiedi una revisione' (/profile#decisioni). */
  reasons: "Leggi i motivi e chiedi una revisione",
} as const;

/** 'Segnala' on one message of a chat (src/features/messages/components/message-report.tsx). */
export const MESSAGE_REPORT_TEXT = {
  action: "Segnala",
  target: "Il messaggio",
  titleWithoutSender: "Segnala il messaggio",
  title: (senderName: string) => `Segnala il messaggio di ${senderName}`,
  /** The button's accessible name: whose message, sent at what time. */
  actionLabel: (senderName: string, time: string) => `Segnala il messaggio di ${senderName} delle ${time}`,
} as const;
