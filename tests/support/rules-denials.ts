import { randomUUID } from "node:crypto";
import { closeSync, existsSync, openSync, readSync, statSync } from "node:fs";
import { join } from "node:path";

/**
 * A request the rules refuse shows in two places: Google's Firestore emulator logs refused REST requests
 * and refused writes (scripts/stack/firestore-logging.properties), and the app reports refused listeners
 * in the browser's console (src/data, lazyListen), which tests/support/browser.ts collects. In the
 * `integration` and `e2e` layers a denial means the app asked for something production would refuse
 * ('rules are not filters'), so tests/setup/rules-denials.ts fails the test that caused it, unless the
 * test is about being refused and says so with expectRulesDenials().
 */
let allowed = false;

/** The current test provokes refusals on purpose (an attacker's journey); they do not fail it. */
export function expectRulesDenials(): void {
  allowed = true;
}

export function denialsAllowed(): boolean {
  return allowed;
}

export function resetDenialsAllowed(): void {
  allowed = false;
}

/** Refusals the app reported in a browser page during the current test (tests/support/browser.ts). */
const browserDenials: string[] = [];

export function recordBrowserDenial(text: string): void {
  browserDenials.push(text);
}

/** The browser's refusals since the last call. */
export function takeBrowserDenials(): string[] {
  return browserDenials.splice(0);
}

export function firestoreLogFile(logDir: string): string {
  return join(logDir, "firestore.log");
}

export function logSize(file: string): number {
  return existsSync(file) ? statSync(file).size : 0;
}

/** The file's bytes from `offset` to its end (the log grows large: never read it whole). */
function readFrom(file: string, offset: number): string {
  if (!existsSync(file)) return "";
  const length = Math.max(0, statSync(file).size - offset);
  const buffer = Buffer.alloc(length);
  const fd = openSync(file, "r");
  try {
    readSync(fd, buffer, 0, length, offset);
  } finally {
    closeSync(fd);
  }
  return buffer.toString("utf8");
}

const REFUSED_REQUEST = /Exception when handling request: PERMISSION_DENIED/;
/** A failed write on a stream: a refusal only when the rules are named (not, e.g., a transaction lock timeout). */
const FAILED_OPERATION = /^WARNING: Operation failed:/;
const REASON = /false for '\w+' @ L\d+/;
const CLOCK = /\d{1,2}:\d{2}:\d{2} [AP]M/;

/**
 * The denials logged after byte `offset`, each as "[time] reason" ("[7:57:22 PM] false for 'list' @ L268,
 * false for 'list' @ L440"): the rule lines that said no.
 */
export function denialsSince(file: string, offset: number): string[] {
  const lines = readFrom(file, offset).split("\n");
  const denials: string[] = [];
  lines.forEach((line, index) => {
    const named = [line, lines[index + 1] ?? ""].find((text) => REASON.test(text));
    if (!REFUSED_REQUEST.test(line) && !(FAILED_OPERATION.test(line) && named)) return;
    const reason = named ?? line;
    const clean = reason.replace(/^.*?(false for)/, "$1").trim();
    const time = CLOCK.exec(lines[index - 1] ?? "")?.[0];
    denials.push(`${time ? `[${time}] ` : ""}${clean}`);
  });
  return denials;
}

/**
 * Waits until everything the emulator logged so far is in the file: asks for a marker URI (the emulator
 * logs "Unknown request URI: /…") and polls the file for it, so no fixed sleep is needed.
 */
export async function flushFirestoreLog(
  origin: string,
  file: string,
  fromOffset: number,
  timeoutMs = 5_000,
): Promise<void> {
  const marker = `/vicino-log-marker/${randomUUID()}`;
  await fetch(`${origin}${marker}`).then((response) => response.body?.cancel());
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (readFrom(file, fromOffset).includes(marker)) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`Google's Firestore emulator did not log ${marker} within ${timeoutMs} ms (${file})`);
}
