/**
 * The Italian texts of the privacy tools (export, deletion) and of moderation (reports, blocks, admin
 * actions). messages.ts lists them among the texts a toast may show as they are.
 */

/** The name the other party sees in place of a deleted account's. */
export const DELETED_USER_NAME = "Utente eliminato";

export const PRIVACY_MESSAGES = {
  exportTitle: "Scarica i miei dati",
  exportLead:
    "Un file JSON con tutto ciò che riguarda il tuo account: profilo, richieste, offerte, i messaggi che hai scritto, le valutazioni, i token e le segnalazioni.",
  exportReady: "Il file con i tuoi dati è pronto.",
  exportFailed: "Non siamo riusciti a preparare i tuoi dati. Riprova tra poco.",
  deleteTitle: "Elimina account",
  deleteLead:
    "Cancelliamo il tuo account e i tuoi dati personali. Le richieste e le offerte aperte vengono chiuse; nelle conversazioni l'altra parte vedrà «Utente eliminato». Un abbonamento attivo viene annullato subito; le ricevute dei pagamenti restano per i dieci anni previsti dalla legge, senza i tuoi dati personali. L'operazione non si può annullare.",
  deleteConfirmLabel: "Per confermare, scrivi ELIMINA",
  deleteConfirmWord: "ELIMINA",
  deletePasswordLabel: "La tua password",
  deleteReauthHint: "Per sicurezza ti chiediamo di confermare la tua identità prima di eliminare l'account.",
  deleteGoogleHint: "Alla conferma si apre la finestra di Google: scegli il tuo account per procedere.",
  deleteLinkHint:
    "Hai effettuato l'accesso con un link: se è passato più di qualche minuto, esci, accedi di nuovo con un nuovo link e torna qui.",
  deleteDone: "Il tuo account è stato eliminato.",
  deleteFailed: "Non siamo riusciti a eliminare l'account. Riprova tra poco.",
  /** auth_time older than REAUTH_MAX_AGE_SECONDS. */
  recentLoginRequired: "Per eliminare l'account devi confermare di nuovo la tua identità.",
  /** The shop's subscription could not be stopped at the payment provider: the account stays. */
  billingCancelFailed:
    "Non siamo riusciti ad annullare il tuo abbonamento, quindi l'account non è stato eliminato. Riprova tra poco.",
  exportTooOften: "Hai già scaricato i tuoi dati più volte di recente. Riprova tra un'ora.",
} as const;

export const MODERATION_MESSAGES = {
  reportSent: "Segnalazione inviata: la esamineremo al più presto.",
  reportOpening: "Apertura della segnalazione…",
  reportFailed: "Non siamo riusciti a inviare la segnalazione. Riprova tra poco.",
  reportTargetNotFound: "Il contenuto da segnalare non esiste più.",
  reportNotAllowed: "Puoi segnalare solo contenuti che vedi.",
  tooManyReports: "Hai inviato molte segnalazioni: riprova più tardi.",
  tooManyBlocks: "Hai bloccato o sbloccato molte persone in poco tempo: riprova tra un'ora.",
  blockSelf: "Non puoi bloccare te stesso.",
  blocked: "Utente bloccato: non potrà più scriverti né inviarti offerte.",
  blockFailed: "Non siamo riusciti a salvare il blocco. Riprova tra poco.",
  unblocked: "Utente sbloccato.",
  blockedByRecipient: "Non puoi contattare questa persona.",
  adminOnly: "Solo gli amministratori possono farlo.",
  reportNotFound: "Segnalazione non trovata.",
  reportAlreadyClosed: "Questa segnalazione è già stata gestita.",
  actionDone: "Decisione registrata: chi ha segnalato riceverà l'esito.",
  suspendedAccount: "Account sospeso",
  suspensionLifted:
    "Sospensione revocata: l'account può accedere di nuovo e le sue richieste sono di nuovo visibili.",
  liftFailed: "Non siamo riusciti a revocare la sospensione. Riprova tra poco.",
  unnamedUser: "Utente senza nome",
} as const;

/**
 * What the account guard (functions/src/lib/account-guard.ts) answers, read from users/{uid} at call
 * time: a suspension bites at once, not when the ID token expires.
 */
export const ACCOUNT_GUARD_MESSAGES = {
  suspended: "Il tuo account è sospeso: non puoi fare questa operazione.",
  deleted: "Questo account è stato eliminato: accedi con un altro account o registrati di nuovo.",
  shopRefused: "Il tuo negozio non è stato approvato: non puoi inviare offerte né scrivere ai clienti.",
} as const;

/** Why a closed conversation takes no message ('Questa conversazione è chiusa: <motivo>.'). */
export const CHAT_CLOSED_BY_TEXTS = {
  moderation: "l'ha chiusa il nostro team dopo una segnalazione",
  accountDeleted: "l'altra persona ha eliminato il suo account",
} as const;

export { MESSAGE_REPORT_TEXT, SUSPENSION_NOTICE } from "./first-paint-trust-texts";
