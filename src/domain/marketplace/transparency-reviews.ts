import { FEEDBACK_MAX_LENGTH, RATING_COOLDOWN_MS } from "../core/limits.ts";
import { PRODUCT_NAME } from "../core/product.ts";
import { LEGAL_CONTROLLER, type LegalText, RETENTION_MONTHS } from "../legal/legal.ts";
import { REVIEW_COUNTS_MONTHS, REVIEW_MESSAGES } from "../people/review-answer.ts";
import { SHOP_PAGE_MESSAGES, SHOP_REVIEWS_SHOWN } from "../people/shop-page.ts";
import { DELETED_USER_NAME } from "../people/trust-messages.ts";
import { PICKUP_CODE_LENGTH, PICKUP_LOCK_MINUTES, PICKUP_MAX_WRONG_TRIES } from "./pickup.ts";

const APP = PRODUCT_NAME;
const COOLDOWN_DAYS = Math.round(RATING_COOLDOWN_MS / (24 * 60 * 60 * 1000));
const VERIFIED = SHOP_PAGE_MESSAGES.verifiedPurchase;

/**
 * 'Come verifichiamo le recensioni' (Omnibus directive, D.Lgs. 26/2023): what the code does, no more.
 * Who rates: the buyer of a deal (completeTransaction); 'Acquisto verificato': verifyPickup; which
 * ratings count: rating.ts ratingOutcome; how long: review-rules.ts (24 months in the average, then
 * 'Non più conteggiata'); the shop's answer: review-answer.ts; reporting: 'Segnala recensione' (reportContent).
 */
export const REVIEWS_TEXT: LegalText = {
  key: "reviews",
  intro: `Su ${APP} una recensione nasce solo da un acquisto fatto tramite ${APP}: non si può recensire un negozio da cui non si è comprato, e nessuno, nemmeno il negozio, può scrivere o modificare una recensione a mano. Qui spieghiamo chi può valutare, come verifichiamo gli acquisti e quali valutazioni entrano nella media.`,
  sections: [
    {
      heading: "Chi può valutare",
      paragraphs: [
        `Può valutare solo chi ha pubblicato una richiesta e ha accettato l'offerta di un negozio. Dopo l'acquisto sceglie da 1 a 5 stelle (nessuna è preselezionata) e può aggiungere un commento di al massimo ${FEEDBACK_MAX_LENGTH} caratteri. Ogni acquisto si valuta una volta sola.`,
        "La recensione la scrive il nostro server quando l'acquisto si chiude: le regole del database non permettono a nessun utente, negozio compreso, di crearla, cambiarla o cancellarla. Sulla pagina del negozio compaiono le stelle, il commento, la data e il solo nome di battesimo di chi ha comprato.",
      ],
    },
    {
      heading: `Che cosa vuol dire «${VERIFIED}»`,
      paragraphs: [
        `Quando accetti un'offerta ricevi un codice di ritiro di ${PICKUP_CODE_LENGTH} caratteri (anche come codice QR) che vedi solo tu. Al ritiro lo mostri al negozio, che lo inserisce in cassa: il nostro server controlla che il codice appartenga proprio a quell'acquisto e a quel negozio, e lo accetta una sola volta. Dopo ${PICKUP_MAX_WRONG_TRIES} tentativi sbagliati il negozio deve aspettare ${PICKUP_LOCK_MINUTES} minuti prima di riprovare.`,
        `Solo una recensione di un acquisto il cui codice è stato controllato così porta il segno «${VERIFIED}»: prova che il cliente è davvero passato dal negozio a ritirare.`,
      ],
    },
    {
      heading: "Quali valutazioni contano nella media, e perché",
      paragraphs: [
        "La media del negozio è la semplice media delle stelle delle valutazioni che contano: una stella pesa una stella. Perché nessuno possa gonfiare o affossare un negozio con account usa e getta o con tanti piccoli acquisti:",
      ],
      items: [
        `ogni cliente conta nella media al massimo una volta ogni ${COOLDOWN_DAYS} giorni per lo stesso negozio, verificata o no;`,
        `una valutazione «${VERIFIED}» conta anche se il cliente non ha confermato la sua e-mail;`,
        "ogni altra valutazione conta solo se il cliente ha confermato la sua e-mail (con Google o con il link di conferma);",
        "una valutazione che non conta resta comunque registrata sull'acquisto, e chi l'ha data legge nella chat se è entrata nella media o perché no. Se il cliente aveva confermato l'e-mail, la recensione compare comunque sulla pagina del negozio.",
      ],
    },
    {
      heading: "Quanto resta una recensione",
      paragraphs: [
        `La pagina del negozio mostra le ${SHOP_REVIEWS_SHOWN} recensioni più recenti. Una valutazione entrata nella media ne esce ${REVIEW_COUNTS_MONTHS} mesi dopo: la recensione resta visibile con la scritta «${REVIEW_MESSAGES.noLongerCounted}», ma il suo voto non pesa più. Le recensioni restano anche dopo che la richiesta e la chat da cui sono nate vengono cancellate (${RETENTION_MONTHS} mesi dopo la chiusura, come spiega l'informativa sulla privacy).`,
        `Il negozio può rispondere una volta a ogni recensione: la «${REVIEW_MESSAGES.answerTitle}» compare sotto la recensione e il negozio può modificarla solo nelle prime 48 ore.`,
        `Se chi ha scritto la recensione elimina il suo account, la recensione resta, firmata «${DELETED_USER_NAME}», e il suo voto resta nella media.`,
      ],
    },
    {
      heading: "Come segnalare una recensione",
      paragraphs: [
        `Sotto ogni recensione c'è «${REVIEW_MESSAGES.reportReview}»: puoi segnalare la recensione o la risposta del negozio, con un motivo. Ricevi subito una conferma, la segnalazione arriva alla nostra coda di moderazione e ti scriviamo la decisione con i suoi motivi; anche chi ha scritto il contenuto riceve la decisione e può chiederne la revisione una volta. Una recensione rimossa esce anche dalla media. Per qualunque dubbio: ${LEGAL_CONTROLLER.supportEmail}.`,
      ],
    },
  ],
};
