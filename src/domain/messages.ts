import { ALGO_LIMIT_MESSAGES } from "./algo-limit-messages.ts";
import { FIRST_PAINT_MESSAGES } from "./first-paint-messages.ts";
import { GROUP_OFFER_MESSAGES } from "./group-offer-messages.ts";
import { MAX_OPEN_OFFERS_PER_REQUEST } from "./limits.ts";
import { DICTATION_MESSAGES } from "./offer-dictation-messages.ts";
import { HOLD_REFUSALS, NO_SHOW_REFUSALS } from "./pickup-hold-messages.ts";
import { PLAN_MESSAGES } from "./plan-messages.ts";
import { PRODUCT_NAME } from "./product.ts";
import { PUBLISHING_MESSAGES } from "./publishing-messages.ts";
import { REQUEST_LIFE_MESSAGES } from "./request-life-messages.ts";
import { SHOP_VERIFICATION_MESSAGES } from "./shop-verification-messages.ts";
import { MODERATION_MESSAGES, PRIVACY_MESSAGES } from "./trust-messages.ts";

/**
 * Every Italian user-facing message of spec §5 and §8, word for word (ASCII apostrophes as in the
 * spec). Texts the spec only describes (out of tokens, technical problem) and our own validation texts
 * are marked. Auth error texts live in auth-errors.ts, rating labels in rating.ts.
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

/** Suggested reason when an offer is rejected (spec §4). */
export const DEFAULT_REJECTION_REASON = "Prezzo troppo alto";

/** Confirmation when an offer's price is outside the request's budget (ours; spec §5 gives no text). */
export const PRICE_OUTSIDE_BUDGET_CONFIRM =
  "Il prezzo è fuori dal budget indicato dal cliente. Vuoi inviare comunque l'offerta?";

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

/** submitOffer's refusals (ours: the spec gives no text for these). */
export const OFFER_MESSAGES = {
  /** The request was closed (or cancelled) before this merchant made an offer. */
  requestClosed: "Questa richiesta non accetta più offerte.",
  ownRequest: "Non puoi fare un'offerta su una tua richiesta.",
  /** A second submit for the same request: the pending offer is edited instead. */
  alreadySent: "Hai già inviato un'offerta per questa richiesta.",
  tooManyOffers: `Questa richiesta ha già ${MAX_OPEN_OFFERS_PER_REQUEST} offerte in attesa: riprova più tardi.`,
} as const;

let knownMessages: ReadonlySet<string> | undefined;

/**
 * Whether `text` is a catalogue text: a message found here may be shown as it is (e.g. an HttpsError's
 * message). The set is built on first use, so a bundle that never asks (the marketing pages' entry) does
 * not carry the catalogues only it refers to.
 */
export function isKnownMessage(text: string): boolean {
  knownMessages ??= new Set<string>([
    ...Object.values(VALIDATION_MESSAGES),
    ...Object.values(ERROR_MESSAGES),
    ...Object.values(VOICE_MESSAGES),
    ...Object.values(CAMERA_MESSAGES),
    ...Object.values(ALGO_MESSAGES),
    ...Object.values(ALGO_LIMIT_MESSAGES),
    ...Object.values(SHOP_VERIFICATION_MESSAGES),
    ...Object.values(OFFER_MESSAGES),
    ...Object.values(PRIVACY_MESSAGES),
    ...Object.values(MODERATION_MESSAGES),
    ...Object.values(PUBLISHING_MESSAGES),
    ...Object.values(PLAN_MESSAGES),
    ...Object.values(REQUEST_LIFE_MESSAGES),
    ...Object.values(DICTATION_MESSAGES),
    ...Object.values(GROUP_OFFER_MESSAGES).filter((text) => typeof text === "string"),
    ...Object.values(HOLD_REFUSALS),
    ...Object.values(NO_SHOW_REFUSALS),
  ]);
  return knownMessages.has(text);
}

// Accounts (ours: the spec gives no text for these)
/** After a profile edit is saved. */
export const PROFILE_SAVED_TOAST: SuccessToast = { title: "Profilo aggiornato!" };
/** 'Registrazione completata!' when the welcome e-mail could not be sent: never claim it was. */
export const REGISTRATION_COMPLETED_NO_EMAIL_TOAST: SuccessToast = {
  title: SUCCESS_TOASTS.registrationCompleted.title,
};

// Merchant journey (ours: the spec gives no text for these)
export const MERCHANT_MESSAGES = {
  /** The feed is centred on the default position (Milano) because the shop has none yet. */
  locationNotSet: "Imposta la posizione del negozio nel profilo",
  noNearbyRequests: "Al momento non ci sono richieste nella tua zona.",
  noRequestsFound: "Nessuna richiesta trovata con questi filtri. Prova ad allargare il raggio.",
  noOffers: "Non hai ancora inviato offerte.",
  /** A second visit finds an offer that was accepted, rejected or expired in the meantime. */
  offerNotEditable: "Questa offerta non è più modificabile.",
  /** The shop's offer expired with the request, which the buyer renewed: it may offer again. */
  offerAgainTitle: "Offri di nuovo",
  offerAgainIntro:
    "La tua offerta era scaduta con la richiesta; l'acquirente l'ha rinnovata: puoi offrire di nuovo.",
  /** The request was closed (or cancelled) before this merchant made an offer. */
  requestClosed: OFFER_MESSAGES.requestClosed,
  /** An offer whose request can no longer be read. */
  requestUnavailable: "Richiesta non più disponibile",
  /** A settled offer from before offers carried the product name: its request is closed to the shop. */
  closedRequestTitle: "Richiesta chiusa",
} as const;

/** The buyer's name in a conversation when their public profile has none yet. */
export const CUSTOMER_FALLBACK_NAME = "Acquirente";

/** Buyer journey texts (ours: the spec gives none). */
export const BUYER_MESSAGES = {
  simulatedPayment: "Pagamento simulato (ambiente locale)",
  simulatedPaymentNote: "Nessun addebito reale: è una prova, i token vengono accreditati subito.",
  stripePaymentNote:
    "Paghi sulla pagina sicura di Stripe; i token arrivano appena il pagamento è confermato.",
  tokensPurchased: "Token acquistati!",
  tokenBalanceUnavailable: "Impossibile leggere il saldo dei token. Riprova più tardi.",
  tokenBalanceLoading: FIRST_PAINT_MESSAGES.tokenBalanceLoading,
  locationDefault:
    "Nessun luogo indicato: per pubblicare la richiesta scegli il comune o usa la tua posizione.",
  locationUnavailable: "Impossibile ottenere la tua posizione. Verifica i permessi.",
  locationFromPhone: "Posizione del telefono",
  /** Coordinates saved in the buyer's profile, before they type a comune or use the phone. */
  locationSaved: "Posizione salvata",
  locationTypedHint:
    'Scrivi il comune, anche con la via (es. "Via Roma 5, Sesto San Giovanni"): cerchiamo i negozi intorno. I negozianti vedono solo il comune (e il quartiere, se lo scrivi) e una posizione approssimativa: la via resta privata.',
  cancelConfirm: "Vuoi annullare questa richiesta? I negozianti non potranno più inviarti offerte.",
  requestCancelled: "Richiesta annullata",
  imageUnreadable: "Impossibile leggere questa immagine. Prova con un'altra foto.",
  cancelRequest: "Errore nell'annullare la richiesta. Riprova.",
  algoWelcome: FIRST_PAINT_MESSAGES.algoWelcome,
} as const;

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

// Closing the deal (ours: the spec gives no text for this)
export const DEAL_MESSAGES = {
  /**
   * rejectionReason given to every other pending offer when the buyer accepts one (the shop
   * reads 'Acquistato altrove' on its badge, OFFER_DISPLAY_LABELS, and this as the reason).
   */
  otherOfferAccepted:
    "Acquistato altrove: il cliente ha scelto un'altra offerta. Grazie per la tua proposta!",
  /**
   * acceptOffer with terms that are no longer the offer's (the shop edited its price, description or
   * delivery meanwhile): the app shows the fresh offer under this message.
   */
  offerChanged:
    "Il negozio ha appena modificato l'offerta: controlla prezzo, descrizione e consegna aggiornati prima di accettare.",
} as const;

/** Messages screen texts (ours: the spec gives none). */
export const CHAT_MESSAGES = {
  noConversations: "Non hai ancora conversazioni. Si aprono quando un negoziante invia un'offerta.",
  selectConversation: FIRST_PAINT_MESSAGES.selectConversation,
  conversationNotFound: "Conversazione non trovata",
  noMessages: FIRST_PAINT_MESSAGES.noMessages,
  /** Shown to the merchant while the buyer has not decided. */
  awaitingDecision: "In attesa della decisione del cliente.",
  /** Shown to the merchant after acceptance, before completion. */
  awaitingCompletion: "Il cliente ha accettato l'offerta. La valutazione arriverà a transazione completata.",
  offerUnavailable: "Offerta non più disponibile",
  completedSummary: "Transazione completata",
  /** Shown instead of the text box once nobody may write (firestore.rules isOpen), with the reason. */
  conversationClosed: FIRST_PAINT_MESSAGES.conversationClosed,
  closedOfferRejected: "l'offerta è stata rifiutata",
  closedOfferExpired: "l'offerta è scaduta",
  closedRequestCompleted: "la richiesta è stata completata",
  closedRequestCancelled: "la richiesta è stata annullata",
} as const;
