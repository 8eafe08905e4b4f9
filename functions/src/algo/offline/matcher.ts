import { overlaps, type Span, tidy } from "./text";

/**
 * One message being read: every extractor matches on the folded text and consumes what it takes, so
 * that "entro 48 ore" read as urgency is not read again as a budget of 48.
 */
export class Matcher {
  readonly consumed: Span[] = [];
  constructor(
    readonly original: string,
    readonly folded: string,
  ) {}

  /** First match of `pattern` that overlaps nothing consumed; consumes it when `consume`. */
  first(pattern: RegExp, consume = true): RegExpExecArray | undefined {
    const flags = pattern.flags.includes("g") ? pattern.flags : `${pattern.flags}g`;
    const re = new RegExp(pattern.source, flags);
    for (let match = re.exec(this.folded); match; match = re.exec(this.folded)) {
      if (match[0].length === 0) {
        re.lastIndex += 1;
        continue;
      }
      const span = { start: match.index, end: match.index + match[0].length };
      if (this.consumed.some((taken) => overlaps(taken, span))) continue;
      if (consume) this.consumed.push(span);
      return match;
    }
    return undefined;
  }

  /** Every non-overlapping match, consumed. */
  all(pattern: RegExp): RegExpExecArray[] {
    const out: RegExpExecArray[] = [];
    for (let match = this.first(pattern); match; match = this.first(pattern)) out.push(match);
    return out;
  }

  isConsumed(span: Span): boolean {
    return this.consumed.some((taken) => overlaps(taken, span));
  }

  slice(match: RegExpExecArray): string {
    return tidy(this.original.slice(match.index, match.index + match[0].length));
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A regex alternation of the phrases, longest first (so "vera pelle" wins over "pelle"). */
export const alternation = (list: Iterable<string>) =>
  [...list]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join("|");
