import { PRODUCT_NAME } from "../core/product.ts";
import { LEGAL_CONTROLLER, type LegalText } from "./legal.ts";
import { TRANSPARENCY_DOCUMENTS } from "./transparency.ts";

const APP = PRODUCT_NAME;

/** Where a barrier is reported: the contact the privacy notice gives (no report kind fits a page). */
export const BARRIER_REPORT = {
  email: LEGAL_CONTROLLER.email,
  subject: "Barriera di accessibilità",
  label: `Segnala una barriera a ${LEGAL_CONTROLLER.email}`,
} as const;

export const BARRIER_REPORT_HREF = `mailto:${BARRIER_REPORT.email}?subject=${encodeURIComponent(BARRIER_REPORT.subject)}`;

/**
 * 'Dichiarazione di accessibilità' (European Accessibility Act, D.Lgs. 82/2022; EN 301 549 → WCAG 2.2 AA):
 * no more than the repo's tests support (docs/accessibility.md): axe with the WCAG 2.0/2.1 A and AA
 * tags on every page (tests/e2e/accessibility-pages.test.ts), the keyboard journey
 * (tests/e2e/keyboard.test.ts); of the criteria WCAG 2.2 added axe checks the target size alone, so
 * 'parzialmente conforme'.
 */
export const ACCESSIBILITY_TEXT: LegalText = {
  key: "accessibility",
  intro: `Vogliamo che ${APP} si possa usare da tutti, anche con un lettore di schermo, con la sola tastiera o con lo schermo ingrandito. Questa dichiarazione dice a che punto siamo rispetto alla norma europea EN 301 549, che rimanda alle linee guida WCAG 2.2 di livello AA, come chiede l'Atto europeo sull'accessibilità (in vigore in Italia dal 28 giugno 2025).`,
  sections: [
    {
      heading: "Stato di conformità",
      paragraphs: [
        `${APP} è parzialmente conforme alle WCAG 2.2 di livello AA. La valutazione è nostra (un'autovalutazione) e si basa sulle verifiche automatiche descritte qui sotto, non su un controllo di un ente esterno.`,
      ],
    },
    {
      heading: "Come lo verifichiamo",
      paragraphs: ["Nei nostri test automatici:"],
      items: [
        "ogni pagina dell'app, sul telefono e sul computer, passa per il controllo automatico axe con le regole WCAG 2.0, 2.1 e 2.2 di livello A e AA: una violazione grave o critica fa fallire il test;",
        "i momenti che una semplice visita non raggiunge (le finestre di dialogo, i messaggi di errore, il codice di ritiro, la conversazione con Algo) hanno un loro controllo;",
        "una prova fatta con la sola tastiera pubblica una richiesta e invia un'offerta, e fallisce se un elemento con il focus non si vede.",
      ],
    },
    {
      heading: "Limiti noti",
      paragraphs: ["Sappiamo che:"],
      items: [
        "dei criteri aggiunti dalle WCAG 2.2 il controllo automatico verifica solo la dimensione minima dei bersagli (24 × 24 pixel); focus mai nascosto da barre fisse, alternativa a ogni trascinamento, aiuto sempre nello stesso punto, niente dati da reinserire e accesso senza prove di memoria non sono ancora verificati in modo automatico;",
        "la prova con la sola tastiera copre la pubblicazione di una richiesta e l'invio di un'offerta, non ancora ogni percorso (per esempio l'accettazione di un'offerta);",
        "il controllo automatico trova solo una parte dei problemi possibili e non segnala quelli di gravità minore; non abbiamo ancora fatto una verifica completa con persone che usano tecnologie assistive;",
        "la dettatura di un'offerta dipende dal riconoscimento vocale del browser: dove non c'è, l'offerta si scrive a mano con gli stessi campi.",
      ],
    },
    {
      heading: "Segnala una barriera",
      paragraphs: [
        `Se trovi una parte di ${APP} che non riesci a usare, scrivici a ${BARRIER_REPORT.email} con l'oggetto «${BARRIER_REPORT.subject}»: dicci la pagina, che cosa stavi facendo e, se vuoi, quale tecnologia assistiva usi. Ti rispondiamo e, se la barriera c'è, ti diciamo come e quando la togliamo.`,
        "Se la risposta non arriva o non ti soddisfa, puoi rivolgerti all'Agenzia per l'Italia Digitale (AgID), che vigila sull'accessibilità dei servizi.",
      ],
    },
    {
      heading: "Data della dichiarazione",
      paragraphs: [
        `Questa dichiarazione è stata redatta il ${TRANSPARENCY_DOCUMENTS.accessibility.date} e la aggiorniamo a ogni cambiamento importante.`,
      ],
    },
  ],
};
