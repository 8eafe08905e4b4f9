import { FIRST_PAINT_MESSAGES } from "../core/first-paint-messages.ts";
import { MAX_OPEN_OFFERS_PER_REQUEST } from "../core/limits.ts";

/** Suggested reason when an offer is rejected (spec §4). */
export const DEFAULT_REJECTION_REASON = "Prezzo troppo alto";

/** Confirmation when an offer's price is outside the request's budget (ours; spec §5 gives no text). */
export const PRICE_OUTSIDE_BUDGET_CONFIRM =
  "Il prezzo è fuori dal budget indicato dal cliente. Vuoi inviare comunque l'offerta?";

/** submitOffer's refusals (ours: the spec gives no text for these). */
export const OFFER_MESSAGES = {
  /** The request was closed (or cancelled) before this merchant made an offer. */
  requestClosed: "Questa richiesta non accetta più offerte.",
  ownRequest: "Non puoi fare un'offerta su una tua richiesta.",
  /** A second submit for the same request: the pending offer is edited instead. */
  alreadySent: "Hai già inviato un'offerta per questa richiesta.",
  tooManyOffers: `Questa richiesta ha già ${MAX_OPEN_OFFERS_PER_REQUEST} offerte in attesa: riprova più tardi.`,
} as const;

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
  /** The deal panel while the offer (its code, its reads) loads. */
  offerLoading: "Caricamento dell'offerta…",
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

/**
 * The orders of the buyer's offer comparison (offer-comparison.ts) and their names, which the page
 * 'Come ordiniamo le richieste' (transparency-ranking.ts) repeats. Here, in a module the request page
 * already loads, so that page sharing them splits no chunk out of the request page's.
 */
export const OFFER_SORTS = ["price", "rating", "distance"] as const;
export type OfferSort = (typeof OFFER_SORTS)[number];

export const OFFER_SORT_LABELS: Record<OfferSort, string> = {
  price: "Prezzo più basso",
  rating: "Valutazione migliore",
  distance: "Più vicino",
};
