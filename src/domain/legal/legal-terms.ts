import { formatEuro, LAUNCH_OFFER_YEARLY_PRICE_EUR, MERCHANT_MONTHLY_PRICE_EUR } from "../billing/pricing.ts";
import { PRODUCT_NAME } from "../core/product.ts";
import { LEGAL_CONTROLLER, type LegalText } from "./legal.ts";

const APP = PRODUCT_NAME;
const MONTHLY = formatEuro(MERCHANT_MONTHLY_PRICE_EUR);
const LAUNCH = formatEuro(LAUNCH_OFFER_YEARLY_PRICE_EUR);

/** The terms of use for buyers and shops, the shop plan included. Version: LEGAL_DOCUMENTS.terms. */
export const TERMS_TEXT: LegalText = {
  key: "terms",
  intro: `Questi Termini regolano l'uso di ${APP}, il mercato di quartiere al contrario: chi compra dice cosa gli serve, i negozi e i professionisti della zona rispondono con un'offerta. Registrandoti li accetti; leggili con attenzione.`,
  sections: [
    {
      heading: "Il servizio",
      paragraphs: [
        `${APP} mette in contatto chi cerca un prodotto o un servizio con i negozi vicini. Non vendiamo nulla e non siamo parte dei contratti tra acquirenti e negozi: il prezzo, la consegna, la garanzia e il pagamento si concordano tra voi, e il negozio ne risponde come previsto dal Codice del consumo.`,
        "Gli assistenti Algo e Leonardo ti aiutano a scrivere richieste e offerte. Le loro proposte possono contenere errori: controllale prima di pubblicare, perché ciò che pubblichi è tuo.",
      ],
    },
    {
      heading: "Account",
      paragraphs: [
        `Per usare ${APP} devi essere maggiorenne e registrarti con dati veri. L'account è personale: custodisci la password e i link di accesso, e avvisaci all'indirizzo ${LEGAL_CONTROLLER.supportEmail} se pensi che qualcun altro lo stia usando.`,
        "Puoi eliminare l'account in ogni momento dalla pagina Profilo.",
      ],
    },
    {
      heading: "Per chi compra",
      paragraphs: [
        `Per gli acquirenti ${APP} è gratuito. Ogni mese ricevi alcuni token per usare l'assistente; se ne vuoi di più puoi acquistare un pacchetto al prezzo mostrato prima del pagamento. I token non sono denaro, non sono rimborsabili una volta usati e non si trasferiscono ad altri account; un turno dell'assistente che fallisce per un problema tecnico ti viene restituito.`,
        "Pubblica solo richieste reali, per cose che intendi davvero comprare. Non hai alcun obbligo di accettare un'offerta; quando ne accetti una, le altre offerte sulla stessa richiesta vengono rifiutate con garbo.",
      ],
    },
    {
      heading: "Per i negozi",
      paragraphs: [
        "Possono inviare offerte solo i negozi e i professionisti verificati: e-mail confermata, Partita IVA valida, indirizzo e categorie del negozio. Dichiari di agire per scopi imprenditoriali o professionali e di avere titolo a vendere ciò che offri.",
        "Un'offerta deve indicare il prezzo finale per il consumatore, IVA inclusa, con una descrizione fedele del prodotto o del servizio e delle modalità di consegna o ritiro. Rispetta le offerte accettate: se qualcosa cambia, dillo subito in chat.",
      ],
    },
    {
      heading: "Il piano per i negozi",
      paragraphs: [
        `Ogni negozio verificato ha il primo mese gratuito, a partire dalla verifica: non serve un metodo di pagamento e alla fine del mese non ti addebitiamo nulla. Per continuare a inviare offerte scegli poi un piano.`,
        `Abbonamento mensile: ${MONTHLY} al mese, IVA inclusa, per accedere alle richieste della tua zona, inviare offerte e usare Leonardo.`,
        `Offerta di lancio: durante la fase pilota, i negozi associati all'associazione di categoria partner nella città pilota possono avere 12 mesi di accesso a ${LAUNCH}, IVA inclusa, in un'unica soluzione e senza rinnovo automatico, inserendo il codice ricevuto dall'associazione. Se hai già un periodo pagato, i 12 mesi partono dalla sua fine.`,
        "L'abbonamento mensile si rinnova automaticamente ogni mese, con addebito tramite Stripe sul metodo di pagamento che hai scelto. Puoi disdire quando vuoi dalla tua area negozio: l'accesso resta attivo fino alla fine del periodo già pagato e non ci sono penali. Gli importi già pagati non sono rimborsabili, salvo quanto previsto dalla legge.",
        "Se cambiamo il prezzo te lo comunichiamo per e-mail almeno 30 giorni prima; il nuovo prezzo si applica dal rinnovo successivo e puoi disdire prima senza costi.",
      ],
    },
    {
      heading: "Regole di comportamento",
      paragraphs: ["Su Vicino tutti si impegnano a:"],
      items: [
        "scrivere con rispetto, senza insulti, minacce, discriminazioni o molestie;",
        "non pubblicare contenuti illegali, ingannevoli, offensivi o che violino diritti altrui, né prodotti vietati o contraffatti;",
        "non usare le chat per pubblicità non richiesta o per portare l'altra parte fuori da Vicino con l'inganno;",
        "non chiedere né condividere dati personali che non servono alla trattativa;",
        "non aggirare i limiti del servizio, non usare programmi automatici e non creare account multipli per eludere un blocco o una sospensione.",
      ],
    },
    {
      heading: "Segnalazioni, blocchi e moderazione",
      paragraphs: [
        "Da una chat, da un'offerta o da una richiesta puoi usare «Segnala» per indicarci un contenuto o un comportamento che viola questi Termini, scegliendo un motivo e aggiungendo una descrizione. Puoi anche usare «Blocca»: la persona bloccata non potrà più scriverti né inviarti offerte, e non la vedrai più nelle tue liste.",
        "Ogni segnalazione viene esaminata da una persona del nostro team. Possiamo nascondere una richiesta, chiudere una conversazione o sospendere un account, in proporzione alla gravità e tenendo conto di eventuali recidive. Chi ha segnalato riceve l'esito nell'app e per e-mail; chi subisce una misura ne riceve notizia e può chiederne il riesame scrivendo all'indirizzo " +
          `${LEGAL_CONTROLLER.supportEmail}.`,
        "Un account sospeso non può più accedere; i suoi contenuti restano visibili agli altri come appartenenti a un account sospeso.",
      ],
    },
    {
      heading: "Responsabilità",
      paragraphs: [
        `${APP} è fornito così com'è: facciamo il possibile perché funzioni sempre, ma non possiamo garantire che sia privo di interruzioni. Non rispondiamo delle trattative tra utenti, della qualità dei prodotti o del mancato rispetto di un accordo, fermi i diritti che la legge riconosce ai consumatori e i casi di dolo o colpa grave.`,
      ],
    },
    {
      heading: "Modifiche, legge applicabile e contatti",
      paragraphs: [
        "Possiamo aggiornare questi Termini; la versione e la data in cima alla pagina dicono quale è in vigore. Se le modifiche sono rilevanti te lo diciamo prima che si applichino.",
        "I Termini sono regolati dalla legge italiana. Per i consumatori è competente il foro del luogo di residenza o domicilio; puoi anche rivolgerti a un organismo di risoluzione alternativa delle controversie (ADR) riconosciuto.",
        `Per domande scrivi all'indirizzo ${LEGAL_CONTROLLER.supportEmail}; per i dati personali all'indirizzo ${LEGAL_CONTROLLER.email}.`,
      ],
    },
  ],
};
