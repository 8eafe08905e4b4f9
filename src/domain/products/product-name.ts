/**
 * A product name as the screens show it: with a capital first letter, as a person writes a name
 * ('bicicletta da città' → 'Bicicletta da città'). Display only: the stored text stays as the buyer
 * typed it (or Algo extracted it), and so does what Algo says mid-sentence ('cerchi: bicicletta').
 * A first word with a capital inside ('iPhone 14', 'eBook') is a brand written its own way: kept.
 */
export function displayProductName(name: string): string {
  const start = name.search(/\S/);
  if (start < 0) return name;
  const firstWord = name.slice(start).split(/\s/, 1)[0] ?? "";
  const [initial = "", ...rest] = Array.from(firstWord);
  if (rest.some((char) => char !== char.toLocaleLowerCase("it-IT"))) return name;
  const upper = initial.toLocaleUpperCase("it-IT");
  return upper === initial ? name : name.slice(0, start) + upper + name.slice(start + initial.length);
}
