import type { BrowseCategory } from "@/domain/core/enums";

/**
 * The offline Algo's Italian vocabulary, folded (lower case, no accents): the word tables the
 * extractors read. Category keywords are matched as whole words or phrases; a phrase is matched
 * before its words ("macchina del caffe" is casa, not automotive). Plural and singular forms are
 * listed where they differ. Lists are written as comma-separated phrases, in the order they are
 * matched when two have the same length.
 */

/** "a, b c, d" → ["a", "b c", "d"]. */
function phrases(list: string): string[] {
  return list
    .split(",")
    .map((phrase) => phrase.trim().replace(/\s+/g, " "))
    .filter(Boolean);
}

export const CATEGORY_KEYWORDS: Readonly<Record<BrowseCategory, readonly string[]>> = {
  elettronica: phrases(`
    telefono, telefonino, cellulare, cellulari, smartphone, iphone, samsung galaxy, galaxy, xiaomi,
    huawei, tablet, ipad, computer, pc, portatile, notebook, laptop, macbook, imac, monitor, tv,
    televisore, televisione, smart tv, cuffie, cuffiette, auricolari, airpods, caricabatterie,
    caricatore, power bank, powerbank, cavo usb, fotocamera, macchina fotografica, reflex, obiettivo,
    videocamera, stampante, scanner, console, playstation, ps4, ps5, xbox, nintendo, nintendo switch,
    videogioco, videogiochi, smartwatch, router, modem, mouse, hard disk, ssd, chiavetta usb,
    scheda video, altoparlante, cassa bluetooth, casse, speaker, drone, e-reader, kindle, proiettore,
    webcam, microonde smart
  `),
  abbigliamento: phrases(`
    scarpe, scarpa, sneakers, sneaker, stivali, stivaletti, sandali, ciabatte, mocassini, giacca,
    giacche, giubbotto, giubbino, piumino, cappotto, impermeabile, maglia, maglione, maglietta,
    magliette, t-shirt, felpa, felpe, camicia, camicie, pantaloni, pantalone, jeans, gonna, vestito,
    vestiti, abito, abito da sposa, completo, cappello, berretto, sciarpa, guanti, borsa, borsetta,
    cintura, calze, calzini, costume, costume da bagno, intimo, reggiseno, pigiama, cravatta,
    occhiali da sole, blazer, cardigan, shorts, leggings
  `),
  casa: phrases(`
    divano, divani, tavolo, tavolino, sedia, sedie, letto, materasso, armadio, lampada, lampadario,
    lampadina, lampadine, tappeto, tende, cuscino, cuscini, lenzuola, piumone, coperta, pentola,
    pentole, padella, padelle, piatti, bicchieri, posate, frigorifero, frigo, congelatore, lavatrice,
    asciugatrice, lavastoviglie, forno, microonde, aspirapolvere, robot aspirapolvere, ferro da stiro,
    frullatore, robot da cucina, macchina del caffe, macchinetta del caffe, caffettiera, moka,
    bollitore, tostapane, scaffale, libreria, mensola, comodino, cassettiera, specchio, quadro, vaso,
    pianta, piante, trapano, avvitatore, cacciavite, attrezzi, vernice, mobile, mobili, scrivania,
    poltrona, condizionatore, climatizzatore, stufa, ventilatore, deumidificatore, termosifone, cucina,
    credenza, rubinetto
  `),
  sport: phrases(`
    bici, bicicletta, biciclette, mountain bike, mtb, bici da corsa, racchetta, racchette, pallone,
    palla, tapis roulant, cyclette, pesi, manubri, bilanciere, tappetino, yoga, sci, scarponi da sci,
    snowboard, casco, tenda da campeggio, sacco a pelo, canna da pesca, pattini, skateboard,
    monopattino, palestra, running, corsa, calcio, tennis, padel, golf, nuoto, boxe, guantoni, trekking,
    campeggio, fitness, kayak, surf, muta, pinne, borraccia, zaino da trekking
  `),
  automotive: phrases(`
    auto, automobile, macchina, gomme, pneumatici, pneumatico, gomme invernali, cerchi, cerchioni,
    batteria auto, batteria della macchina, olio motore, tergicristalli, spazzole tergicristallo,
    autoradio, seggiolino auto, moto, motorino, scooter, casco moto, ricambi, ricambio, marmitta, freni,
    pastiglie dei freni, pastiglie freni, fari, catene da neve, portapacchi, barre portatutto, dashcam,
    filtro olio, filtro aria, candele, specchietto, parabrezza, tappetini auto
  `),
  "strumenti musicali": phrases(`
    chitarra, chitarre, chitarra elettrica, chitarra acustica, basso elettrico, pianoforte,
    piano digitale, tastiera musicale, violino, violoncello, contrabbasso, flauto, flauto traverso,
    sassofono, sax, tromba, trombone, clarinetto, ukulele, amplificatore, ampli, microfono, pedale,
    pedaliera, plettri, corde, spartiti, synth, sintetizzatore, mixer, armonica, fisarmonica, arpa,
    batteria elettronica, batteria acustica, bacchette, metronomo, leggio, strumento musicale
  `),
};

/** Words that point two ways: half weight to each category. */
export const AMBIGUOUS_KEYWORDS: Readonly<Record<string, readonly BrowseCategory[]>> = {
  batteria: ["strumenti musicali", "automotive"],
  tastiera: ["elettronica", "strumenti musicali"],
  casco: ["sport", "automotive"],
  orologio: ["abbigliamento", "elettronica"],
  zaino: ["abbigliamento", "sport"],
};

/** Car and motorbike makes: they make a request automotive and go into the specifications. */
export const VEHICLE_MAKES: readonly string[] = phrases(`
  fiat, ford, volkswagen, vw, audi, bmw, mercedes, renault, peugeot, citroen, toyota, opel, alfa romeo,
  lancia, kia, hyundai, dacia, nissan, skoda, seat, jeep, volvo, tesla, honda, yamaha, ducati, vespa,
  piaggio, suzuki, kawasaki
`);

/** Colour forms → the masculine singular (gender and number agree with the product). */
const COLOUR_FORMS: ReadonlyArray<readonly [string, readonly string[]]> = [
  ["rosso", ["rosso", "rossa", "rossi", "rosse"]],
  ["nero", ["nero", "nera", "neri", "nere"]],
  ["bianco", ["bianco", "bianca", "bianchi", "bianche"]],
  ["giallo", ["giallo", "gialla", "gialli", "gialle"]],
  ["verde", ["verde", "verdi"]],
  ["blu", ["blu"]],
  ["azzurro", ["azzurro", "azzurra", "azzurri", "azzurre"]],
  ["celeste", ["celeste", "celesti"]],
  ["grigio", ["grigio", "grigia", "grigi", "grigie"]],
  ["marrone", ["marrone", "marroni"]],
  ["rosa", ["rosa"]],
  ["viola", ["viola"]],
  ["arancione", ["arancione", "arancioni", "arancio"]],
  ["beige", ["beige"]],
  ["bordeaux", ["bordeaux"]],
  ["fucsia", ["fucsia"]],
  ["turchese", ["turchese", "turchesi"]],
  ["oro", ["oro", "dorato", "dorata", "dorati", "dorate"]],
  ["argento", ["argento", "argentato", "argentata", "argentati", "argentate"]],
];

export const COLOURS: ReadonlyMap<string, string> = new Map(
  COLOUR_FORMS.flatMap(([canonical, forms]) => forms.map((form) => [form, canonical] as const)),
);

/** "chiaro/scuro" in any agreement → masculine. */
export const COLOUR_SHADES: ReadonlyMap<string, string> = new Map([
  ["chiaro", "chiaro"],
  ["chiara", "chiaro"],
  ["chiari", "chiaro"],
  ["chiare", "chiaro"],
  ["scuro", "scuro"],
  ["scura", "scuro"],
  ["scuri", "scuro"],
  ["scure", "scuro"],
]);

/** Materials (folded form → as written in a request). */
export const MATERIALS: ReadonlyMap<string, string> = new Map([
  ["pelle", "pelle"],
  ["vera pelle", "vera pelle"],
  ["ecopelle", "ecopelle"],
  ["similpelle", "similpelle"],
  ["cuoio", "cuoio"],
  ["camoscio", "camoscio"],
  ["cotone", "cotone"],
  ["lino", "lino"],
  ["lana", "lana"],
  ["cashmere", "cashmere"],
  ["cachemire", "cashmere"],
  ["seta", "seta"],
  ["velluto", "velluto"],
  ["poliestere", "poliestere"],
  ["pile", "pile"],
  ["denim", "denim"],
  ["tessuto", "tessuto"],
  ["legno", "legno"],
  ["legno massello", "legno massello"],
  ["massello", "legno massello"],
  ["bambu", "bambù"],
  ["vimini", "vimini"],
  ["rattan", "rattan"],
  ["acciaio inox", "acciaio inox"],
  ["acciaio", "acciaio"],
  ["alluminio", "alluminio"],
  ["ferro", "ferro"],
  ["ghisa", "ghisa"],
  ["metallo", "metallo"],
  ["ottone", "ottone"],
  ["rame", "rame"],
  ["titanio", "titanio"],
  ["carbonio", "carbonio"],
  ["plastica", "plastica"],
  ["vetro", "vetro"],
  ["cristallo", "cristallo"],
  ["ceramica", "ceramica"],
  ["porcellana", "porcellana"],
  ["marmo", "marmo"],
  ["gomma", "gomma"],
]);

/** Footwear: Algo asks "che numero porti?" instead of "che taglia?". */
export const FOOTWEAR = /\b(?:scarp|stival|sandal|sneaker|scarpon|ciabatt|mocassin|decollete|anfibi)/;

// Product names: the words around a product that are not part of it.

/** Skipped before a product ("un paio di", "comprare"). */
export const LEADING_FILLERS: ReadonlySet<string> = new Set(
  phrases(`
    un, uno, una, un', il, lo, la, l', i, gli, le, dei, degli, delle, del, dello, della, dell', qualche,
    paio, po', comprare, acquistare, trovare, prendere, avere, regalare, ordinare, noleggiare, anche,
    ancora, subito, urgentemente, per, favore, gentilmente, tipo, nuovo, nuova, bel, bella, buon, buona,
    altro, altra
  `),
);

/** End a product name ("scarpe rosse che costino poco" → "scarpe rosse"). */
export const BOUNDARIES: ReadonlySet<string> = new Set(
  phrases(`
    che, perche, possibilmente, preferibilmente, magari, ma, pero, oppure, zona, vicino, nei, dintorni,
    qui, budget, prezzo, spendere, spesa, costo, grazie, taglia, misura, colore, entro, sui, sugli, circa,
    intorno, attorno, massimo, max, almeno, fino, sotto, oggi, domani, dopodomani, stasera, subito,
    urgente, ritiro, consegna, spedizione, se, quando, dove, ho, sono, posso, vorrei, voglio, cerco, mi,
    please
  `),
);

/** "per mia figlia", "per la mia ragazza": the product ends before such a "per" or "a". */
export const POSSESSIVES: ReadonlySet<string> = new Set(
  phrases("mio, mia, miei, mie, nostro, nostra, nostri, nostre"),
);

/** Dropped from the end of a product name ("scarpe da" → "scarpe"). */
export const TRAILING_STOP: ReadonlySet<string> = new Set(
  phrases(`
    e, ed, o, di, da, in, a, ad, per, con, del, della, dello, dei, degli, delle, un, uno, una, il, lo, la,
    le, gli, i, tipo, anche, molto, piu, non, numero
  `),
);

/** Words that alone are no product ("ok", "grazie", "qualcosa"). */
export const NOT_PRODUCTS: ReadonlySet<string> = new Set(
  phrases(`
    si, no, ok, okay, grazie, ciao, niente, nulla, boh, bene, va, perfetto, certo, aiuto, help, prova,
    test, cosa, qualcosa, roba
  `),
);
