import type { IndexedPlace } from "./gazetteer.ts";

/**
 * Typos in place names ('Milnao', 'Bolgna', 'Tornio'): the edit distance with adjacent swaps (optimal
 * string alignment), stopped early past `max`, and the closest big place to a typed word.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, (before[j - 2] ?? 0) + 1);
      }
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length] ?? max + 1;
}

/** Edits allowed in a word of this length: one up to 7 letters, two from 8. */
export const typoBudget = (length: number) => (length >= 8 ? 2 : 1);

/**
 * The place of at least `minPopulation` whose one-word name is fewest edits from `word` (within the
 * word's budget), the most populous among equals; undefined when none is close.
 */
export function closestByEdits(
  word: string,
  places: readonly IndexedPlace[],
  minPopulation: number,
): IndexedPlace | undefined {
  const budget = typoBudget(word.length);
  let best: { indexed: IndexedPlace; edits: number } | undefined;
  for (const indexed of places) {
    if (indexed.population < minPopulation) continue;
    for (const key of indexed.keys) {
      if (key.includes(" ") || key === word) continue;
      const edits = editDistance(word, key, budget);
      if (edits > budget) continue;
      if (
        !best ||
        edits < best.edits ||
        (edits === best.edits && indexed.population > best.indexed.population)
      ) {
        best = { indexed, edits };
      }
    }
  }
  return best?.indexed;
}
