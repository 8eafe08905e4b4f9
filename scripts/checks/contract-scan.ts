import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import {
  COLLECTIONS,
  CONVERSATION_FIELDS,
  REQUEST_FIELDS,
  SUBCOLLECTIONS,
} from "../../src/domain/core/collections";
import { OFFER_STATUSES, REQUEST_STATUSES } from "../../src/domain/marketplace/state-machine";

/**
 * Finds the Firestore contract typed outside its one definition: a collection name used as a path, a
 * request or offer status compared or stored, a request field path in a query. Reads source text only
 * (no parser): each rule looks for a literal in the one place where it means the contract (a
 * collection()/doc() call, a line about a status, a where()/orderBy() call), so Italian text and
 * unrelated words that happen to match are left alone.
 */

export type Finding = { file: string; line: number; rule: string; text: string };

/** The only files that may spell the contract out. */
export const DEFINITIONS: Readonly<Record<string, string>> = {
  "src/domain/core/collections.ts": "collection names and field paths",
  "src/domain/marketplace/state-machine.ts": "request, offer and conversation statuses",
  "src/domain/algo/algo-conversation.ts": "the statuses of Algo's own conversations (open, completed)",
};

const COLLECTION_NAMES = [...Object.values(COLLECTIONS), ...Object.values(SUBCOLLECTIONS)];
const STATUS_VALUES = [...new Set<string>([...REQUEST_STATUSES, ...OFFER_STATUSES, "matched"])];
const DOTTED_FIELDS = [...Object.values(REQUEST_FIELDS), ...Object.values(CONVERSATION_FIELDS)].filter(
  (path) => path.includes("."),
);

const alternation = (values: readonly string[]) =>
  values.map((value) => value.replace(/\W/g, "\\$&")).join("|");
const COLLECTION = alternation(COLLECTION_NAMES);
const STATUS = alternation(STATUS_VALUES);

/** `collection(db, "requests")`, `db.collection("users")`, `doc(db, "offers", id)`, `.doc("users/x")`. */
const CALL = /\b(?:collection|collectionGroup|doc)\(/g;
/** A literal that is exactly a collection name, or a path that starts with one (`users/${uid}`). */
const COLLECTION_LITERAL = new RegExp(`["'\`](?:${COLLECTION})(?:["'\`]|/)`);
/** A path literal anywhere: `"users/" + uid`, `` `requests/${id}` ``. */
const PATH_LITERAL = new RegExp(`["'\`](?:${COLLECTION})/`);
/** A constant holding a collection name: `const REQUESTS_COLLECTION = "requests"`. */
const COLLECTION_CONSTANT = new RegExp(
  `\\b\\w*COLLECTION\\w*\\s*(?::[^=]+)?=\\s*["'\`](?:${COLLECTION})["'\`]`,
);
/** A status literal, exactly. */
const STATUS_LIT = `["'\`](?:${STATUS})["'\`]`;
/**
 * A status literal where it is a status: compared with one (`offer.status === "pending"`, either
 * side), stored or typed as one (`status: "active"`), in a query on the status field, or in a list
 * tested against one (`["active", "in_progress"].includes(status)`). A literal that only shares the
 * line with a status (a UI stage returned after a status check) is something else.
 */
const STATUS_USES = [
  new RegExp(`\\bstatus\\w*\\)?\\s*(?:===|!==|==|!=)\\s*${STATUS_LIT}`, "i"),
  new RegExp(`${STATUS_LIT}\\s*(?:===|!==|==|!=)\\s*[\\w?.]*status`, "i"),
  new RegExp(`\\bstatus\\w*\\??\\s*:\\s*${STATUS_LIT}`, "i"),
  new RegExp(`\\bwhere\\([^)]*status[^)]*${STATUS_LIT}`, "i"),
  new RegExp(`\\[[^\\]]*${STATUS_LIT}[^\\]]*\\]\\.includes\\(\\s*[\\w?.]*status`, "i"),
  /** A status handed to a function about offers, requests or statuses: `countMerchantOffers(uid, "pending")`. */
  new RegExp(`\\w*(?:Offers?|Requests?|Status)\\w*\\([^)]*${STATUS_LIT}`),
];
/** `case "active":` under a `switch (….status)`. */
const CASE_LABEL = new RegExp(`^\\s*case\\s+${STATUS_LIT}\\s*:`);
const ABOUT_STATUS = /status/i;
/** A query on a field named by a literal: `where("customerId", …)`, `.orderBy("createdAt")`. */
const QUERY_ON_LITERAL = /\b(?:where|orderBy)\(\s*["'`][\w.]+["'`]/;
/** A dotted field path (`location.lat`, `participants.customerId`) or a geohash field name, anywhere. */
const FIELD_LITERAL = new RegExp(`["'\`](?:${alternation(DOTTED_FIELDS)}|gh[3-5])["'\`]|\`gh\\$\\{`);

/** The text of a call from its opening parenthesis to the matching one (strings are not parsed). */
function callText(source: string, open: number): string {
  let depth = 0;
  for (let i = open; i < source.length; i += 1) {
    if (source[i] === "(") depth += 1;
    else if (source[i] === ")") {
      depth -= 1;
      if (depth === 0) return source.slice(open, i + 1);
    }
  }
  return source.slice(open);
}

const lineOf = (source: string, index: number) => source.slice(0, index).split("\n").length;

/** Drops comments, so documentation may name a collection or a status; keeps line numbers. */
function withoutComments(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, " "))
    .replace(/(^|[^:"'`\\])\/\/.*$/gm, (_, before: string) => before);
}

export function scanSource(file: string, text: string): Finding[] {
  const source = withoutComments(text);
  const lines = source.split("\n");
  const findings: Finding[] = [];
  const add = (line: number, rule: string) =>
    findings.push({ file, line, rule, text: (text.split("\n")[line - 1] ?? "").trim() });

  for (const match of source.matchAll(CALL)) {
    const open = (match.index ?? 0) + match[0].length - 1;
    if (COLLECTION_LITERAL.test(callText(source, open)))
      add(lineOf(source, match.index ?? 0), "collection name");
  }
  let switchOnStatus = false;
  lines.forEach((line, index) => {
    const at = index + 1;
    if (PATH_LITERAL.test(line) || COLLECTION_CONSTANT.test(line)) add(at, "collection name");
    if (/\bswitch\s*\(/.test(line)) switchOnStatus = ABOUT_STATUS.test(line);
    if (STATUS_USES.some((use) => use.test(line)) || (switchOnStatus && CASE_LABEL.test(line))) {
      add(at, "status literal");
    }
    if (QUERY_ON_LITERAL.test(line) || FIELD_LITERAL.test(line)) add(at, "field path");
  });
  const seen = new Set<string>();
  return findings.filter((finding) => {
    const key = `${finding.line}:${finding.rule}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const SOURCE = /\.(?:ts|tsx|mts|js|mjs)$/;
const TEST = /\.test\.(?:ts|tsx)$|\.d\.ts$/;
/** Dependencies, build output and test tools (src/testing): the scan is about code that ships or writes data. */
const SKIPPED_DIRS = new Set(["node_modules", "dist", "functions/lib", "src/testing"]);

function sourceFiles(root: string, dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      return SKIPPED_DIRS.has(entry.name) || SKIPPED_DIRS.has(path) ? [] : sourceFiles(root, path);
    }
    return SOURCE.test(entry.name) && !TEST.test(entry.name) ? [path] : [];
  });
}

/** Every finding in src, functions/src and scripts, except the definitions and `allowed` (file → reason). */
export function scanRepository(root: string, allowed: Readonly<Record<string, string>> = {}): Finding[] {
  const files = ["src", "functions/src", "scripts"].flatMap((dir) => sourceFiles(root, dir));
  return files
    .map((file) => relative(root, join(root, file)))
    .filter((file) => !(file in DEFINITIONS) && !(file in allowed))
    .flatMap((file) => scanSource(file, readFileSync(join(root, file), "utf8")));
}
