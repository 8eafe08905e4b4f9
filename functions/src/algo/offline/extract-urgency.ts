import type { Urgency } from "@/domain/core/enums";
import type { Matcher } from "./matcher";

const SMALL_NUMBERS: Readonly<Record<string, number>> = {
  un: 1,
  una: 1,
  due: 2,
  tre: 3,
  quattro: 4,
  cinque: 5,
  sei: 6,
  dieci: 10,
  dodici: 12,
  ventiquattro: 24,
  quarantotto: 48,
  settantadue: 72,
};

function urgencyFromHours(hours: number): Urgency {
  if (hours <= 6) return "ore";
  if (hours <= 24) return "giornata";
  if (hours <= 48) return "48h";
  return "giorni";
}

function urgencyFromDays(days: number): Urgency {
  if (days <= 1) return "giornata";
  if (days <= 2) return "48h";
  return "giorni";
}

/** Checked in order: the negations come first so that "non è urgente" never reads as "urgente". */
const URGENCY_RULES: ReadonlyArray<readonly [RegExp, Urgency]> = [
  [
    /\bnon (?:ho|c'e|abbiamo) (?:nessuna |molta |tanta |troppa )?fretta\b|\bsenza (?:nessuna )?fretta\b|\bnessuna fretta\b|\bcon (?:tutta )?(?:calma|comodo)\b|\bnon (?:e )?(?:cosi )?urgente\b|\bniente di urgente\b|\bnessuna urgenza\b|\bnon c'e urgenza\b|\bnon subito\b/,
    "giorni",
  ],
  [
    /\boggi stesso\b|\bsubito\b|\bimmediatamente\b|\burgent(?:e|emente|issimo|issima)\b|\bcon urgenza\b|\b(?:il |al )?prima possibile\b|\bal piu presto\b|\bquanto prima\b|\bappena possibile\b|\basap\b|\badesso\b|\bin questo momento\b/,
    "subito",
  ],
  [
    /\b(?:entro|tra|fra|in|nel giro di) (?:qualche|poche|un paio d'|un paio di) ?ore\b|\bentro (?:un'|un |una )ora\b|\b(?:tra|fra) (?:un'|un |una )ora\b|\bqualche ora\b|\bpoche ore\b/,
    "ore",
  ],
  [
    /\bin giornata\b|\bentro (?:stasera|sera|oggi|fine giornata|la giornata|stanotte|questa sera|oggi pomeriggio)\b|\b(?:per )?stasera\b|\bquesta sera\b|\boggi(?: pomeriggio)?\b|\bin serata\b|\bin mattinata\b|\bstamattina\b|\bentro le \d{1,2}(?:[:.]\d{2})?\b/,
    "giornata",
  ],
  [
    /\b(?:per |entro )?dopodomani\b|\b(?:per |entro )?domani(?: mattina| pomeriggio| sera)?\b|\bun paio di giorni\b/,
    "48h",
  ],
  [
    /\bnei prossimi giorni\b|\bprossimi giorni\b|\b(?:entro |tra |fra |in )?qualche giorno\b|\b(?:entro |in |per )?(?:la |questa |fine |la prossima |prossima )?settiman[ae]\b|\bentro (?:fine |il )?mese\b|\b(?:il )?prossimo mese\b|\bquando (?:capita|vuoi|volete|possibile|riuscite|potete)\b/,
    "giorni",
  ],
];

/** The negations first, then a number of hours or days, then the other phrases in order. */
export function extractUrgency(m: Matcher): Urgency | undefined {
  const first = m.first(URGENCY_RULES[0]?.[0] ?? /$^/);
  if (first) return "giorni";
  const numeric = m.first(
    /\b(?:entro|in|tra|fra|nel giro di)\s+(?:le\s+|massimo\s+)?(\d{1,3}|un|una|due|tre|quattro|cinque|sei|dieci|dodici|ventiquattro|quarantotto|settantadue)\s*(ore|ora|h|giorni|giorno|gg)\b/,
  );
  if (numeric?.[1] && numeric[2]) {
    const n = SMALL_NUMBERS[numeric[1]] ?? Number(numeric[1]);
    return numeric[2].startsWith("g") ? urgencyFromDays(n) : urgencyFromHours(n);
  }
  for (const [pattern, urgency] of URGENCY_RULES.slice(1)) {
    if (m.first(pattern)) return urgency;
  }
  return undefined;
}
