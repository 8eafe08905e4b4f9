import { PRODUCT_NAME } from "../core/product.ts";
import { FISCAL_RETENTION_YEARS, LEGAL_CONTROLLER, type LegalText, RETENTION_MONTHS } from "./legal.ts";

const APP = PRODUCT_NAME;

/** The privacy notice (GDPR art. 13), written for Vicino as it works today. Version: LEGAL_DOCUMENTS.privacy. */
export const PRIVACY_TEXT: LegalText = {
  key: "privacy",
  intro: `Questa informativa spiega quali dati personali tratta ${APP}, perché, per quanto tempo, a chi li affidiamo e come puoi esercitare i tuoi diritti. È scritta per le persone che cercano un prodotto o un servizio vicino a casa e per i negozi e i professionisti che rispondono con un'offerta.`,
  sections: [
    {
      heading: "Chi tratta i tuoi dati",
      paragraphs: [
        `Titolare del trattamento è ${LEGAL_CONTROLLER.name} (di seguito «${APP}» o «noi»). Per qualsiasi domanda sui tuoi dati e per esercitare i tuoi diritti puoi scrivere a ${LEGAL_CONTROLLER.email}.`,
      ],
    },
    {
      heading: "Quali dati trattiamo",
      paragraphs: ["Trattiamo solo i dati che servono a far funzionare il servizio:"],
      items: [
        "dati dell'account: indirizzo e-mail, nome, tipo di account (acquirente o negozio), la foto del profilo se accedi con Google, la data di registrazione e le versioni dei Termini e dell'Informativa che hai accettato e letto;",
        "dati del negozio: ragione sociale, Partita IVA, indirizzo, categorie merceologiche e posizione del negozio, che mostriamo agli acquirenti;",
        "richieste: cosa ti serve, categoria, budget, urgenza, modalità di consegna, il raggio di ricerca e il luogo indicato. L'indirizzo esatto e la posizione precisa restano visibili solo a te; i negozi vedono il comune, il quartiere se lo scrivi e una posizione approssimata (circa un chilometro);",
        "offerte, conversazioni e messaggi che scambi con l'altra parte, con i relativi orari e lo stato di lettura;",
        "valutazioni date ai negozi (stelle e commento) e la media che ne risulta;",
        "conversazioni con gli assistenti Algo e Leonardo: testi, foto e messaggi vocali trascritti che invii per descrivere una richiesta o un'offerta;",
        "token e acquisti: saldo, movimenti e pacchetti acquistati (non trattiamo i dati della tua carta: li gestisce il fornitore dei pagamenti);",
        "segnalazioni e blocchi che fai o che ti riguardano, con l'esito della verifica;",
        "dati tecnici: identificativi dell'account, data e ora degli accessi, se hai confermato il tuo indirizzo e-mail (finché non lo confermi le tue richieste non vengono mostrate ai negozi), un'impronta cifrata dell'indirizzo IP e dell'e-mail usata per limitare i tentativi ripetuti.",
      ],
    },
    {
      heading: "Perché li trattiamo e su quale base giuridica",
      paragraphs: [],
      items: [
        "Fornire il servizio che chiedi (creare l'account, pubblicare richieste, inviare e ricevere offerte, chattare, valutare, acquistare token): esecuzione del contratto, cioè dei Termini d'uso (art. 6.1.b GDPR).",
        "Verificare i negozi (e-mail e Partita IVA) e tenere il servizio sicuro: limiti ai tentativi, moderazione delle segnalazioni, blocchi, sospensione degli account che violano i Termini: legittimo interesse nostro e degli utenti a un mercato affidabile (art. 6.1.f).",
        "Far funzionare gli assistenti: i testi, le foto e i vocali che invii servono a compilare la richiesta o l'offerta per tuo conto: esecuzione del contratto (art. 6.1.b).",
        "Inviarti le e-mail di servizio (benvenuto, link di accesso, recupero password, esito di una segnalazione): esecuzione del contratto (art. 6.1.b). Non inviamo pubblicità.",
        "Rispettare obblighi di legge, per esempio fiscali sugli abbonamenti e sugli acquisti, e rispondere alle richieste delle autorità: obbligo legale (art. 6.1.c).",
      ],
    },
    {
      heading: "Per quanto tempo li conserviamo",
      paragraphs: [],
      items: [
        "L'account e i dati del profilo finché non lo elimini. Puoi farlo in ogni momento dalla pagina Profilo.",
        `Le richieste chiuse (completate o annullate) e le loro conversazioni vengono cancellate automaticamente ${RETENTION_MONTHS} mesi dopo la chiusura.`,
        "I link di accesso scadono dopo 15 minuti e vengono cancellati automaticamente; i contatori dei tentativi scadono alla fine del loro intervallo e vengono cancellati allo stesso modo.",
        "Le conversazioni con gli assistenti servono a completare la richiesta e non vengono usate per profilarti.",
        "Le segnalazioni sono conservate per il tempo necessario a gestirle e a difendere i diritti degli utenti coinvolti.",
        `Le ricevute e le fatture degli abbonamenti e degli acquisti per i ${FISCAL_RETENTION_YEARS} anni previsti dalla legge fiscale (art. 2220 del codice civile e art. 22 del DPR 600/1973), anche se elimini l'account: in quel caso conserviamo solo il numero della fattura o del pagamento, cosa hai acquistato, gli importi con l'IVA e la data, senza nome, e-mail o altri dati del tuo account; la fattura completa, con i dati che la legge chiede, resta presso Stripe.`,
      ],
    },
    {
      heading: "A chi affidiamo i dati (responsabili del trattamento)",
      paragraphs: [
        "Non vendiamo i tuoi dati e non li usiamo per pubblicità. Li affidiamo solo ai fornitori che ci servono per far funzionare il servizio, vincolati da un accordo sul trattamento dei dati (art. 28 GDPR):",
      ],
      items: [
        "Google Ireland Limited (Firebase: autenticazione, database Cloud Firestore e Cloud Functions), con il database e le funzioni nella regione europe-west8 (Milano);",
        "Google Gemini (Gemini API di Google), il fornitore dell'intelligenza artificiale degli assistenti Algo e Leonardo: riceve i testi, le foto e i vocali che invii all'assistente e, per le offerte che Leonardo scrive, il testo della richiesta, solo per generare la risposta; i testi scritti dall'IA sono segnati «Scritto con l'IA» finché non li modifichi o confermi;",
        "Stripe Payments Europe Limited, per gli abbonamenti dei negozi e gli acquisti: riceve i dati di pagamento direttamente da te;",
        "il fornitore del servizio di posta elettronica che usiamo per inviare le e-mail di servizio.",
      ],
    },
    {
      heading: "Cosa vedono gli altri utenti",
      paragraphs: [
        "Gli altri utenti vedono il tuo nome pubblico (per i negozi la ragione sociale), il tipo di account, la zona e, per i negozi, la valutazione media e la posizione del negozio. I negozi vedono il testo delle tue richieste e una posizione approssimata; chi partecipa a una conversazione ne legge i messaggi. Nessuno vede la tua e-mail.",
      ],
    },
    {
      heading: "Trasferimenti fuori dall'Unione europea",
      paragraphs: [
        "I dati sono conservati nell'Unione europea. Alcuni fornitori possono accedervi dagli Stati Uniti per assistenza o sicurezza: in quel caso il trasferimento avviene sulla base del Data Privacy Framework UE-USA o delle clausole contrattuali standard approvate dalla Commissione europea.",
      ],
    },
    {
      heading: "I tuoi diritti",
      paragraphs: [
        "Hai diritto di accedere ai tuoi dati, di ottenerne una copia in un formato leggibile da una macchina (portabilità), di farli correggere, di farli cancellare, di limitarne il trattamento e di opporti ai trattamenti basati sul legittimo interesse.",
        `Due diritti li eserciti da solo, subito, dalla pagina Profilo: «Scarica i miei dati» ti dà un file con tutto ciò che riguarda il tuo account; «Elimina account» cancella l'account e i dati personali (ti chiederemo di confermare la tua identità). Per tutto il resto scrivi a ${LEGAL_CONTROLLER.email}: ti rispondiamo entro un mese.`,
        "Quando elimini l'account, le conversazioni restano leggibili all'altra parte con il tuo nome sostituito da «Utente eliminato», le valutazioni che hai dato restano nella media del negozio senza il tuo nome, le richieste e le offerte aperte vengono chiuse e le foto delle tue richieste vengono cancellate. Se hai un abbonamento attivo lo annulliamo subito presso Stripe e non ti viene più addebitato nulla; le ricevute restano solo come descritto sopra.",
        "Se ritieni che il trattamento violi la normativa, puoi proporre reclamo al Garante per la protezione dei dati personali (www.garanteprivacy.it) o all'autorità del Paese in cui vivi o lavori.",
      ],
    },
    {
      heading: "Decisioni automatizzate, minori e sicurezza",
      paragraphs: [
        "Non prendiamo decisioni basate unicamente su trattamenti automatizzati che producano effetti giuridici su di te: gli assistenti ti propongono un testo, ma sei tu a decidere se pubblicarlo, e ogni sospensione di un account è decisa da una persona.",
        `${APP} è riservato ai maggiorenni.`,
        "Proteggiamo i dati con regole di accesso verificate a ogni lettura e scrittura, connessioni cifrate e accesso ristretto al personale che ne ha bisogno.",
      ],
    },
  ],
};
