/**
 * The Italian words place-mention.ts reads around a place in a chat message: the cues before a comune
 * ('a Roma', 'in provincia di Bergamo'), the neighbourhood markers ('zona Navigli'), the ways of saying
 * 'near me', and the common words that happen to be the names of hamlets ('a casa', 'in centro'),
 * which are never a place. All folded (lower case, no accents), as normalisePlaceText writes them.
 */

/** Before a comune, sure: 'a Roma', 'ad Ancona', 'presso Monza'. */
export const STRONG_CUES: ReadonlySet<string> = new Set(["a", "ad", "presso", "verso", "zona"]);

/** Before a comune when the word before them says so: 'nei pressi di', 'in provincia di', 'comune di'. */
export const STRONG_BEFORE_DI: ReadonlySet<string> = new Set([
  "pressi",
  "parti",
  "provincia",
  "comune",
  "citta",
  "zona",
  "centro",
  "periferia",
  "dintorni",
]);

/** Weak cues: a comune after them must be written with a capital or be a city ('sono di Napoli'). */
export const WEAK_CUES: ReadonlySet<string> = new Set([
  "in",
  "di",
  "da",
  "per",
  "su",
  "sono",
  "abito",
  "vivo",
]);

/**
 * Articles and articled prepositions: a name right after one is not a comune but a team or a brand
 * ('la maglia della Roma', 'una sciarpa del Milan'); comuni take no article.
 */
export const ARTICLED: ReadonlySet<string> = new Set(
  "il lo la i gli le del dello della dei degli delle al allo alla dal dallo dalla nel nello nella sul sullo sulla".split(
    " ",
  ),
);

/** Markers of a neighbourhood: 'zona Navigli', 'quartiere San Salvario', 'rione Monti'. */
export const ZONE_MARKERS: ReadonlySet<string> = new Set(["zona", "quartiere", "rione"]);

/** Words that end a neighbourhood's name: 'zona Trastevere massimo 80 euro'. */
export const ZONE_STOPS: ReadonlySet<string> = new Set([
  "a",
  "ad",
  "al",
  "allo",
  "alla",
  "ai",
  "agli",
  "alle",
  "e",
  "ed",
  "o",
  "in",
  "per",
  "con",
  "da",
  "entro",
  "massimo",
  "max",
  "budget",
  "sui",
  "sul",
  "circa",
  "fino",
  "mi",
  "ci",
  "che",
  "cerco",
  "serve",
  "vorrei",
  "voglio",
  "ritiro",
  "consegna",
  "nuovo",
  "nuova",
  "usato",
  "usata",
  "tra",
  "fra",
  "euro",
  "o",
  "ma",
  "se",
  "possibilmente",
  "preferibilmente",
  "grazie",
]);

/** Articles and prepositions inside a name ('Barriera di Milano', 'Reggio nell Emilia'). */
export const NAME_LINKS: ReadonlySet<string> = new Set([
  "di",
  "del",
  "della",
  "dei",
  "delle",
  "nell",
  "sul",
  "d",
]);

/**
 * Common words that are also the names of hamlets in the gazetteer, or that follow 'a', 'in', 'da' in
 * a shopping sentence: never read as a place, nor as a typo of one.
 */
export const NOT_PLACES: ReadonlySet<string> = new Set(
  `casa domicilio negozio mano piedi rate breve poco buon prezzo prendere ritirare ritirarlo ritirarla
  ritirarli ritirarle vedere me te noi voi lui lei tutti partire posto meno piu volte disposizione scelta
  parte pezzi batteria gas vapore led pedali scuola lavoro letto cena pranzo colori righe quadri pois
  maniche vita collo mercato occhio regola nuovo nuova norma destra sinistra domani dopodomani oggi sera
  mattina presto tempo settimana giorni giorno ore ora euro massimo circa meta mezzo centro citta paese
  mare montagna lago campagna periferia zona quartiere provincia regione italia strada piazza stazione
  bosco valle monte colle ponte porto corte torre villa chiesa castello fiume spiaggia neve sole luce
  acqua fuoco terra aria legno pelle ferro vetro oro argento rame marmo cotone lana seta plastica carta
  colore nero bianco rosso verde giallo blu rosa grigio marrone viola arancione azzurro bordeaux beige
  taglia numero misura modello marca tipo genere sconto offerta regalo natale pasqua estate inverno
  autunno primavera bambino bambina bambini uomo donna ragazzo ragazza famiglia figlio figlia mamma papa
  cane gatto bici moto auto macchina telefono trapano divano tavolo sedia lampada scarpe giacca libri
  corsa calcio tennis golf nuoto palestra ufficio studio casa cucina bagno camera salotto giardino
  balcone terrazzo garage cantina soffitta vicino vicini vicina dintorni qui qua li la sotto sopra
  dentro fuori intorno attorno dove quando come cosa chi subito entro ritiro consegna spedizione
  pagamento contanti carta bonifico`
    .split(/\s+/)
    .filter(Boolean),
);

/**
 * 'Near me' without a name: Algo then asks to use the phone's position. Matched on the normalised text
 * (words separated by single spaces).
 */
export const NEAR_ME =
  /(?:^| )(?:vicino a me|vicino casa|vicino a casa(?: mia)?|vicino alla mia posizione|sotto casa|qui vicino|qua vicino|qui intorno|qua intorno|qui in zona|qua in zona|qui nei dintorni|nei dintorni|nelle vicinanze|intorno a me|attorno a me|nella mia zona|in zona mia|zona mia|nel mio quartiere|nel mio paese|dove abito|dove vivo|dove mi trovo|dalle mie parti|la mia posizione|vicino a dove (?:abito|vivo|sono))(?: |$)/;
