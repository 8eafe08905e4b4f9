/**
 * Names that pass for the platform. A display name or a business name that reads as Vicino itself or
 * its staff ('Vicino', 'Assistenza', 'Supporto', 'Staff', 'Admin', 'Team Vicino') would let anyone
 * write to a buyer as if the platform did; so such names are refused for everyone, whatever the
 * spacing, case, accents or look-alike characters ('V i c i n o', 'ADM1N', 'Suppòrto', a Cyrillic 'о').
 *
 * The name is folded first (lower case; accented and look-alike characters to the letter they imitate;
 * then only the letters a-z kept), and the folded form is refused when it is made only of platform
 * words with at least one staff or product word, or names the product together with a staff word
 * ('Mario, staff Vicino'). 'Bar Il Vicino' or 'Assistenza Computer Rossi' keep their names: a word of
 * their own makes them someone else.
 *
 * firestore.rules mirrors the fold and the patterns (its isPlatformName); platform-names.test.ts checks
 * that the rules carry these exact strings.
 */

/**
 * Each letter and the characters folded into it (accents, digits, symbols, Cyrillic and Greek
 * look-alikes). 'l' reads as 'i' (ADMlN), so the words below are written folded too ('ufficiaie').
 */
export const NAME_FOLDS = [
  ["a", "[àáâãäå@4аα]"],
  ["e", "[èéêë3е]"],
  ["i", "[ìíîï1!|lі]"],
  ["o", "[òóôõö0оο]"],
  ["u", "[ùúûü]"],
  ["s", "[5$ѕ]"],
  ["t", "[7т]"],
  ["b", "[8]"],
  ["c", "[с]"],
  ["p", "[р]"],
  ["v", "[ν]"],
] as const;

/** What is left out of the folded name: everything but a-z (spaces, dots, dashes, emoji). */
export const NAME_DROP = "[^a-z]";

const CORE =
  "(vicino|assistenza|supporto|staff|admin|amministratore|amministrazione|team|moderatore|moderazione|servizio|ciienti|ufficiaie|officiai|heip)";
const FILLER = "(di|dei|deiio|deiia|ii|io|ia|e|it|the)";

/** The folded name is only platform words, at least one of them a staff or product word. */
export const PLATFORM_WORDS_PATTERN = `^(${FILLER}|${CORE})*${CORE}(${FILLER}|${CORE})*$`;
/** The folded name names the product and a staff role anywhere in it. */
export const PLATFORM_STAFF_PATTERN =
  ".*vicino.*(assistenza|supporto|staff|admin|amministra|team|moderat|ufficiaie|officiai|servizio).*|.*(assistenza|supporto|staff|admin|amministra|team|moderat|ufficiaie|officiai|servizio).*vicino.*";

/** Lower case, accents and look-alikes folded, everything but a-z dropped. */
export function foldName(name: string): string {
  let folded = name.toLowerCase();
  for (const [letter, characters] of NAME_FOLDS)
    folded = folded.replace(new RegExp(characters, "gu"), letter);
  return folded.replace(new RegExp(NAME_DROP, "gu"), "");
}

/** True when the name passes for the platform or its staff (sign-up, profile and shop forms refuse it). */
export function isPlatformName(name: string): boolean {
  const folded = foldName(name);
  return new RegExp(PLATFORM_WORDS_PATTERN).test(folded) || new RegExp(PLATFORM_STAFF_PATTERN).test(folded);
}
