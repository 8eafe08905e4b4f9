import { describe, expect, it } from "vitest";
import { ALGO_MESSAGES } from "../algo/algo-messages.ts";
import {
  CAMERA_MESSAGES,
  ERROR_MESSAGES,
  LOGIN_SUCCESS_TITLE,
  loginSuccessToast,
  SUCCESS_TOASTS,
  VALIDATION_MESSAGES,
  VOICE_MESSAGES,
  WELCOME_BACK_DESCRIPTION,
  WELCOME_DESCRIPTION,
} from "../core/common-messages.ts";
import { PRODUCT_NAME } from "../core/product.ts";
import { DEFAULT_REJECTION_REASON } from "../marketplace/marketplace-messages.ts";
import { isKnownMessage } from "./known-messages.ts";

/** Copied from spec §5 and §8. */
const SPEC_MESSAGES = [
  "Le password non coincidono",
  "La password deve contenere almeno 6 caratteri",
  "Il nome è obbligatorio",
  "Dati utente non trovati",
  "Link non valido: token mancante",
  "Compila tutti i campi obbligatori",
  "Inserisci un prezzo valido",
  "Formato email non valido.",
  "Errore durante il logout",
  "Token non valido o scaduto",
  "Errore durante l'invio del magic link",
  "Errore durante la verifica del magic link",
  "Errore nella comunicazione con Algo",
  "Errore nel pubblicare la richiesta. Riprova.",
  "Errore nel caricare le richieste",
  "Richiesta non trovata",
  "Errore nel caricare la richiesta",
  "Errore nell'invio dell'offerta. Riprova.",
  "Errore nell'accettare l'offerta",
  "Errore nel rifiutare l'offerta",
  "Errore nel completare la transazione",
  "Errore nel caricare le conversazioni",
  "Errore nel caricare i messaggi",
  "Errore nell'invio del messaggio",
  "Il riconoscimento vocale non è supportato in questo browser",
  "Errore nel riconoscimento vocale",
  "Impossibile accedere alla fotocamera. Verifica i permessi.",
  "Mi dispiace, non ho capito bene. Puoi ripetere?",
];

const SPEC_SUCCESS_TITLES = [
  "Registrazione completata!",
  "Accesso effettuato!",
  "Email inviata!",
  "Link magico inviato!",
  "Offerta accettata! La trattativa è iniziata.",
  "Offerta rifiutata",
  "Transazione completata! Grazie per il feedback.",
  "Richiesta pubblicata!",
  "Offerta inviata!",
  "Foto catturata!",
  "Richiesta creata con successo!",
];

describe("message catalogue", () => {
  it.each(SPEC_MESSAGES)("holds '%s' word for word", (text) => {
    expect(isKnownMessage(text)).toBe(true);
  });

  it("holds every success toast title", () => {
    const titles = [...Object.values(SUCCESS_TOASTS).map((toast) => toast.title), LOGIN_SUCCESS_TITLE];
    expect(titles.sort()).toEqual([...SPEC_SUCCESS_TITLES].sort());
  });

  it("uses ASCII apostrophes only", () => {
    const all = [
      ...Object.values(VALIDATION_MESSAGES),
      ...Object.values(ERROR_MESSAGES),
      ...Object.values(VOICE_MESSAGES),
      ...Object.values(CAMERA_MESSAGES),
      ...Object.values(ALGO_MESSAGES),
    ];
    for (const text of all) expect(text).not.toMatch(/[\u2018\u2019]/);
  });

  it("has natural Italian for the replies the spec only describes", () => {
    expect(ALGO_MESSAGES.outOfTokens).toMatch(/token/);
    expect(ALGO_MESSAGES.outOfTokens).toMatch(/mese prossimo/);
    expect(ALGO_MESSAGES.technicalFailure).toMatch(/problema tecnico/);
    expect(ALGO_MESSAGES.technicalFailure).toMatch(/Riprova/);
    expect(DEFAULT_REJECTION_REASON).toBe("Prezzo troppo alto");
  });
});

describe("loginSuccessToast", () => {
  it("welcomes a first sign-in with the product name", () => {
    expect(WELCOME_DESCRIPTION).toBe(`Benvenuto su ${PRODUCT_NAME}.`);
    expect(loginSuccessToast({ firstSignIn: true })).toEqual({
      title: "Accesso effettuato!",
      description: "Benvenuto su Vicino.",
    });
  });

  it("welcomes back by name or with 'Bentornato!'", () => {
    expect(loginSuccessToast()).toEqual({ title: "Accesso effettuato!", description: "Bentornato!" });
    expect(WELCOME_BACK_DESCRIPTION).toBe("Bentornato!");
    expect(loginSuccessToast({ displayName: "  " }).description).toBe("Bentornato!");
    expect(loginSuccessToast({ displayName: "Giulia" }).description).toBe("Bentornato, Giulia!");
  });
});
