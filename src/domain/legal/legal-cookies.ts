import { CHAT_PREVIEW_MAX_CHATS, CHAT_PREVIEW_MAX_MESSAGES } from "../core/limits.ts";
import { PRODUCT_NAME } from "../core/product.ts";
import { PUSH_STORAGE_KEYS } from "../core/push-device.ts";
import { DEVICE_STORAGE_KEYS, type LegalText } from "./legal.ts";

const APP = PRODUCT_NAME;

/** What the app keeps on the device, and why there is no cookie banner. Version: LEGAL_DOCUMENTS.cookies. */
export const COOKIES_TEXT: LegalText = {
  key: "cookies",
  intro: `${APP} non usa cookie di profilazione, di pubblicità o di statistica, né strumenti di tracciamento di terze parti. Sul tuo dispositivo salva solo quello che serve a farti accedere, a ricordare una scelta che hai appena fatto e a mostrarti subito le tue ultime conversazioni. Ecco l'elenco completo.`,
  sections: [
    {
      heading: "La sessione di accesso",
      paragraphs: [
        "Quando accedi, il servizio di autenticazione di Google Firebase conserva la tua sessione nella memoria IndexedDB del browser (nel database «firebaseLocalStorageDb»), così non devi inserire la password a ogni visita. Contiene i codici della sessione, non la password. Si cancella quando esci dall'account.",
        "Se il browser non offre IndexedDB, la stessa sessione viene salvata nella memoria locale (localStorage) o, in ultima istanza, nella memoria della scheda, che si svuota alla chiusura.",
      ],
    },
    {
      heading: "La memoria locale (localStorage)",
      paragraphs: ["L'app scrive solo queste voci:"],
      items: [
        `«${DEVICE_STORAGE_KEYS.pendingUserType}»: se stai entrando come acquirente o come negozio, scelto nelle pagine di presentazione, finché non completi la registrazione;`,
        `«${DEVICE_STORAGE_KEYS.emailForSignIn}»: l'indirizzo e-mail a cui hai chiesto un link di accesso, per completare l'accesso senza chiedertelo di nuovo; si cancella appena il link viene usato;`,
        `«${DEVICE_STORAGE_KEYS.sessionHint}»: un segnale di un solo bit che su questo browser c'è stata una sessione, per caricare il servizio di accesso solo quando serve e rendere più veloci le pagine pubbliche; si cancella quando esci.`,
        `«${DEVICE_STORAGE_KEYS.chatPreviews}»: una copia delle ultime ${CHAT_PREVIEW_MAX_CHATS} conversazioni che hai aperto (chi, di cosa si parla e gli ultimi ${CHAT_PREVIEW_MAX_MESSAGES} messaggi), per mostrartele subito quando le riapri mentre l'app le aggiorna; resta solo su questo dispositivo, non è mai inviata a nessuno e si cancella quando esci o quando accede un altro account.`,
        `«${DEVICE_STORAGE_KEYS.pickupCodes}»: i codici di ritiro dei tuoi acquisti che hai aperto (con il loro QR, il prodotto, il negozio e la scadenza della prenotazione), per mostrarli al negozio anche senza connessione; restano solo su questo dispositivo e si cancellano dopo il ritiro, alla scadenza della prenotazione, quando esci o quando accede un altro account.`,
        `«${DEVICE_STORAGE_KEYS.userCopy}»: una copia del tuo profilo (nome, ruolo, token, dati del negozio), per aprire le pagine subito mentre l'app lo aggiorna; resta solo su questo dispositivo e si cancella quando esci o quando accede un altro account.`,
        `«${DEVICE_STORAGE_KEYS.deviceSession}»: una copia del codice di accesso temporaneo della tua sessione (valido al massimo un'ora) e del tuo account (nome, e-mail), con il codice di App Check di questo dispositivo, per leggere i tuoi dati appena apri una pagina, prima che il servizio di accesso sia caricato; resta solo su questo dispositivo, si aggiorna quando il codice si rinnova e si cancella quando esci.`,
        `«${PUSH_STORAGE_KEYS.pushDevice}»: se hai attivato le notifiche, il codice con cui questo dispositivo le riceve, per toglierlo quando le disattivi o esci; si cancella allora.`,
        `«${PUSH_STORAGE_KEYS.pushPromptDismissedAt}»: quando hai risposto «Non ora» alla proposta di attivare le notifiche, per non riproportela per qualche giorno.`,
      ],
    },
    {
      heading: "Protezione dagli abusi",
      paragraphs: [
        "Per proteggere le funzioni del servizio dagli usi automatizzati, l'app usa Firebase App Check con reCAPTCHA Enterprise di Google, che può verificare il browser con informazioni tecniche del dispositivo. Serve esclusivamente alla sicurezza del servizio.",
      ],
    },
    {
      heading: "Perché non c'è un banner dei cookie",
      paragraphs: [
        "La legge (art. 122 del Codice privacy e le Linee guida del Garante del 10 giugno 2021) chiede il consenso, e quindi il banner, solo per i cookie e gli strumenti che non sono strettamente necessari, come quelli di profilazione o di statistica di terze parti. Tutto ciò che è elencato qui è tecnico e necessario per darti il servizio che chiedi: per questo non ti chiediamo un consenso e non mostriamo alcun banner.",
        "Se un giorno aggiungessimo strumenti non necessari, ti chiederemmo prima il consenso e aggiorneremmo questa pagina.",
      ],
    },
    {
      heading: "Come cancellare questi dati",
      paragraphs: [
        "Esci dall'account per cancellare la sessione e il segnale di sessione. Puoi anche cancellare in ogni momento i dati del sito dalle impostazioni del browser: dovrai solo accedere di nuovo.",
      ],
    },
  ],
};
