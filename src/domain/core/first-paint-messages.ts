/**
 * The few Italian texts the entry chunk shows (the pages' frames, the header's menu, the app's error
 * toast), kept apart from messages.ts so that the marketing pages' first chunk does not carry every
 * message of the app (its budget is 120 kB gzip, architecture §8): a bundler keeps a whole exported
 * object once one of its texts is used. messages.ts gives each of them in its place, so there is still one
 * source per text. No imports.
 */
export const FIRST_PAINT_MESSAGES = {
  genericError: "Si è verificato un errore. Riprova.",
  logoutError: "Errore durante il logout",
  tokenBalanceLoading: "Caricamento dei token",
  /** Algo's first message in every conversation says it is an AI (AI Act, art. 50). */
  algoWelcome:
    "Ciao, sono Algo, un assistente IA. Dimmi cosa ti serve: prodotto, budget e quando. Puoi anche mandarmi una foto.",
  selectConversation: "Seleziona una conversazione per leggere i messaggi.",
  noMessages: "Nessun messaggio. Scrivi il primo!",
  conversationClosed: "Questa conversazione è chiusa",
  conversationLoading: "Caricamento della conversazione…",
  /** The deal panel's heading, for the buyer and for the shop (the chat's frame paints it too). */
  dealReceived: "L'offerta ricevuta",
  dealOwn: "La tua offerta",
  /** The header's bell before its chunk has loaded (a tap opens it as soon as it has). */
  bellLoading: "Notifiche, caricamento",
  /** The account menu's ways into moderation, for admins (and the admin pages' titles). */
  adminReports: "Segnalazioni",
  adminShops: "Negozi da verificare",
  adminMarket: "Mercato",
} as const;
