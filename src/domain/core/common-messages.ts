import { FIRST_PAINT_MESSAGES } from "./first-paint-messages.ts";
import { PRODUCT_NAME } from "./product.ts";

/**
 * The Italian messages every context shares, word for word from spec §5 and §8 (ASCII apostrophes as in
 * the spec): validation, errors, voice and camera, and the success toasts. Texts the spec only
 * describes and our own texts are marked. Each context keeps its own copy beside its rules (Algo's in
 * algo/algo-messages.ts, the marketplace's in marketplace/marketplace-messages.ts, places' in
 * geo/place-messages.ts); auth error texts live in people/auth-errors.ts, rating labels in
 * marketplace/rating.ts.
 */

export const VALIDATION_MESSAGES = {
  passwordsDoNotMatch: "Le password non coincidono",
  passwordTooShort: "La password deve contenere almeno 6 caratteri",
  nameRequired: "Il nome è obbligatorio",
  invalidEmail: "Formato email non valido.",
  requiredFields: "Compila tutti i campi obbligatori",
  invalidPrice: "Inserisci un prezzo valido",
  // ours (the spec gives no text)
  emptyMessage: "Scrivi un messaggio prima di inviarlo",
  messageTooLong: "Il messaggio è troppo lungo",
  imageOnly: "Puoi caricare solo immagini",
  invalidRating: "Scegli una valutazione da 1 a 5 stelle",
  budgetRange: "Il budget minimo non può superare quello massimo",
  invalidBudget: "Inserisci un budget valido",
  invalidLocation: "Posizione non valida",
  productNameRequired: "Indica il prodotto che cerchi",
  addressRequired: "Indica il comune o l'indirizzo",
  invalidData: "Dati non validi. Controlla i campi e riprova.",
  // ours (the spec has no text): a profile link must be https
  invalidUrl: "Indirizzo web non valido: serve un link https.",
} as const;

export const ERROR_MESSAGES = {
  userDataNotFound: "Dati utente non trovati",
  magicLinkMissingToken: "Link non valido: token mancante",
  logout: FIRST_PAINT_MESSAGES.logoutError,
  invalidOrExpiredToken: "Token non valido o scaduto",
  magicLinkSend: "Errore durante l'invio del magic link",
  magicLinkVerify: "Errore durante la verifica del magic link",
  algoCommunication: "Errore nella comunicazione con Algo",
  publishRequest: "Errore nel pubblicare la richiesta. Riprova.",
  loadRequests: "Errore nel caricare le richieste",
  requestNotFound: "Richiesta non trovata",
  loadRequest: "Errore nel caricare la richiesta",
  sendOffer: "Errore nell'invio dell'offerta. Riprova.",
  acceptOffer: "Errore nell'accettare l'offerta",
  rejectOffer: "Errore nel rifiutare l'offerta",
  completeTransaction: "Errore nel completare la transazione",
  loadConversations: "Errore nel caricare le conversazioni",
  loadMessages: "Errore nel caricare i messaggi",
  sendMessage: "Errore nell'invio del messaggio",
  // ours: callable failures without a more specific text
  unauthenticated: "Devi accedere per continuare.",
  permissionDenied: "Non hai i permessi per questa operazione.",
  notFound: "Elemento non trovato.",
  insufficientTokens: "Token insufficienti per questa operazione.",
  tokenPurchase: "Errore nell'acquisto dei token. Riprova.",
  generic: FIRST_PAINT_MESSAGES.genericError,
  // ours (the spec has no text): Algo and token purchases
  algoConversationNotFound: "Conversazione con Algo non trovata.",
  algoConversationClosed: "Questa richiesta è già stata pubblicata. Inizia una nuova conversazione con Algo.",
  tokenPackageNotFound: "Pacchetto di token non disponibile.",
  paymentsUnavailable: "I pagamenti non sono disponibili al momento. Riprova più tardi.",
  paymentFailed: "Il pagamento non è andato a buon fine. Riprova.",
  // ours (the spec has no text): merchant journey
  loadOffers: "Errore nel caricare le offerte",
  loadStats: "Errore nel caricare i dati della dashboard",
  offerDescription: "Leonardo non è riuscito a scrivere la descrizione. Riprova.",
  // ours (the spec has no text): Algo answers buyers only, shops have Leonardo
  algoBuyersOnly: "Algo è l'assistente di chi cerca: i negozi hanno Leonardo per le offerte.",
} as const;

export const VOICE_MESSAGES = {
  unsupported: "Il riconoscimento vocale non è supportato in questo browser",
  recognitionError: "Errore nel riconoscimento vocale",
} as const;

export const CAMERA_MESSAGES = {
  accessDenied: "Impossibile accedere alla fotocamera. Verifica i permessi.",
} as const;

export type SuccessToast = { title: string; description?: string };

export const SUCCESS_TOASTS = {
  registrationCompleted: {
    title: "Registrazione completata!",
    description: "Ti abbiamo inviato un'email di benvenuto.",
  },
  emailSent: { title: "Email inviata!" },
  magicLinkSent: { title: "Link magico inviato!" },
  offerAccepted: { title: "Offerta accettata! La trattativa è iniziata." },
  offerRejected: { title: "Offerta rifiutata" },
  transactionCompleted: { title: "Transazione completata! Grazie per il feedback." },
  requestPublished: { title: "Richiesta pubblicata!" },
  offerSent: { title: "Offerta inviata!" },
  photoCaptured: { title: "Foto catturata!" },
  requestCreated: { title: "Richiesta creata con successo!" },
} as const satisfies Record<string, SuccessToast>;

export const LOGIN_SUCCESS_TITLE = "Accesso effettuato!";
export const WELCOME_DESCRIPTION = `Benvenuto su ${PRODUCT_NAME}.`;
export const WELCOME_BACK_DESCRIPTION = "Bentornato!";

/**
 * 'Accesso effettuato!' with its description (spec §8): a first sign-in gets 'Benvenuto su Vicino.',
 * a returning user their name when known, otherwise 'Bentornato!'.
 */
export function loginSuccessToast(
  options: { firstSignIn?: boolean; displayName?: string | null } = {},
): SuccessToast {
  if (options.firstSignIn) return { title: LOGIN_SUCCESS_TITLE, description: WELCOME_DESCRIPTION };
  const name = options.displayName?.trim();
  return {
    title: LOGIN_SUCCESS_TITLE,
    description: name ? `Bentornato, ${name}!` : WELCOME_BACK_DESCRIPTION,
  };
}

// Accounts (ours: the spec gives no text for these)
/** After a profile edit is saved. */
export const PROFILE_SAVED_TOAST: SuccessToast = { title: "Profilo aggiornato!" };
/** 'Registrazione completata!' when the welcome e-mail could not be sent: never claim it was. */
export const REGISTRATION_COMPLETED_NO_EMAIL_TOAST: SuccessToast = {
  title: SUCCESS_TOASTS.registrationCompleted.title,
};
