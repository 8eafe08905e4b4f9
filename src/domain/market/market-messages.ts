/** The market dashboard's words (/admin/mercato): the page, its charts' alternatives and its CSV. */
export const MARKET_MESSAGES = {
  title: "Andamento del mercato",
  lead: "Quante richieste ricevono offerte, e quanto in fretta. Solo conteggi e tempi, nessun nome.",
  adminOnly: "Questa pagina è riservata agli amministratori.",
  loading: "Caricamento dei numeri del mercato…",
  loadError: "Non siamo riusciti a caricare i numeri del mercato.",
  retry: "Riprova",
  period: "Periodo",
  periodOption: (days: number) => `Ultimi ${days} giorni`,
  comune: "Comune",
  category: "Categoria",
  all: "Tutti",
  allCategories: "Tutte",
  download: "Scarica CSV",
  csvFileName: (today: string, days: number) => `vicino-mercato-${today}-${days}g.csv`,
  privacyNote:
    "Per proteggere la privacy, i gruppi con meno di 3 richieste non mostrano numeri (indicati con «< 3»).",
  hiddenValue: "< 3",
  none: "—",
  tooFew: "Troppo poche richieste in questa selezione per mostrare i numeri (meno di 3).",
  published: "Richieste pubblicate",
  quickShare: "Con un'offerta entro 24 ore",
  medianFirstOffer: "Tempo mediano alla prima offerta",
  p90FirstOffer: "90° percentile del tempo alla prima offerta",
  offersPerRequest: "Offerte per richiesta",
  notificationShare: "Offerte partite da una notifica",
  catalogueShare: "Offerte compilate dal catalogo",
  previousMedianFirstOffer: "Tempo mediano alla prima offerta, periodo precedente",
  accepted: "Accordi accettati",
  completed: "Vendite completate",
  verified: "Acquisti verificati in negozio",
  activeShops: "Negozi attivi (almeno un'offerta)",
  newShops: "Nuovi negozi verificati (tutti i comuni)",
  lapsedPlans: "Abbonamenti scaduti (tutti i comuni)",
  unanswered: "Richieste senza offerte",
  perDayTitle: "Richieste pubblicate al giorno",
  /** What a screen reader hears when the selection changes. */
  selectionSummary: (published: number | null, days: number) =>
    published === null
      ? `Ultimi ${days} giorni: meno di 3 richieste, numeri nascosti.`
      : `Ultimi ${days} giorni: ${published} richieste pubblicate.`,
  perDaySummary: (total: number, days: number) => `${total} richieste pubblicate in ${days} giorni.`,
  quickTitle: "Quota con un'offerta entro 24 ore, al giorno",
  byCategoryTitle: "Richieste senza offerte per categoria",
  byComuneTitle: "Richieste senza offerte per comune",
  hiddenGroups: (count: number) =>
    count === 1
      ? "1 gruppo con meno di 3 richieste non è mostrato."
      : `${count} gruppi con meno di 3 richieste non sono mostrati.`,
  tableDay: "Giorno",
  tableGroup: "Gruppo",
  tablePublished: "Pubblicate",
  tableUnanswered: "Senza offerte",
  tableQuick: "Offerta entro 24 h",
  showTable: "Mostra i dati in tabella",
  noData: "Nessuna richiesta in questo periodo.",
  csvHeader: ["sezione", "voce", "valore"],
  csvTotals: "totali",
  csvDay: "giorno",
  csvCategory: "senza offerte per categoria",
  csvComune: "senza offerte per comune",
  minutes: (minutes: number) =>
    minutes < 60
      ? `${minutes} min`
      : minutes < 48 * 60
        ? `${Math.floor(minutes / 60)} h ${minutes % 60} min`
        : `${Math.floor(minutes / (24 * 60))} g ${Math.floor((minutes % (24 * 60)) / 60)} h`,
} as const;
