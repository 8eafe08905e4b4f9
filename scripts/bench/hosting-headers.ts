import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const FIREBASE_JSON = fileURLToPath(new URL("../../firebase.json", import.meta.url));

/**
 * The headers Firebase Hosting sends for every path (firebase.json `hosting.headers` with source
 * "**"), lower-cased names. The Lighthouse bench's static server sends the same, so pages are
 * measured under the production CSP.
 */
interface HostingConfig {
  hosting?: { headers?: { source?: string; headers?: { key: string; value: string }[] }[] };
}

export function hostingHeaders(config: HostingConfig): Record<string, string> {
  const all = (config.hosting?.headers ?? []).filter((rule) => rule.source === "**");
  return Object.fromEntries(
    all.flatMap((rule) => rule.headers ?? []).map(({ key, value }) => [key.toLowerCase(), value]),
  );
}

export function readHostingHeaders(file = FIREBASE_JSON): Record<string, string> {
  return hostingHeaders(JSON.parse(readFileSync(file, "utf8")) as HostingConfig);
}

/** `default-src 'self'; img-src 'self' data:` → { "default-src": ["'self'"], "img-src": ["'self'", "data:"] }. */
export function parseCsp(policy: string): Record<string, string[]> {
  const directives: Record<string, string[]> = {};
  for (const part of policy.split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives[name.toLowerCase()] = sources;
  }
  return directives;
}

export function formatCsp(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(" "))
    .join("; ");
}

/**
 * Hosting's headers for a local server whose app talks to the emulators over plain http: the CSP's
 * connect-src also allows those origins, and HSTS is left out (it would pin 127.0.0.1 to https).
 */
export function localHostingHeaders(
  emulatorOrigins: readonly string[],
  file?: string,
): Record<string, string> {
  const { "strict-transport-security": _hsts, ...headers } = readHostingHeaders(file);
  const csp = headers["content-security-policy"];
  if (csp) {
    const directives = parseCsp(csp);
    directives["connect-src"] = [...(directives["connect-src"] ?? []), ...emulatorOrigins];
    headers["content-security-policy"] = formatCsp(directives);
  }
  return headers;
}
