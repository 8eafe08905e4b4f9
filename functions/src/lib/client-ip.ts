import { isIP } from "node:net";

/**
 * The client address for rate limits, as Google's front end reports it.
 *
 * On Cloud Functions v2 (Cloud Run) the functions framework enables Express' `trust proxy`, so
 * `req.ip` is the FIRST entry of X-Forwarded-For: whatever the client put there. Google's front end
 * appends the address it saw to the END of the header (client-chosen entries come first), so the
 * last entry is the one no client can choose. Without the header (the local emulators, tests) the
 * connection's address is used.
 *
 * IPv6 clients usually own a whole /64, so an IPv6 address counts as its /64 prefix: rotating
 * through one's own addresses does not reset a limit.
 */
export interface ClientRequest {
  headers: Record<string, string | string[] | undefined>;
  ip?: string;
  socket?: { remoteAddress?: string };
}

function forwardedEntries(headers: ClientRequest["headers"]): string[] {
  const raw = headers["x-forwarded-for"];
  const value = Array.isArray(raw) ? raw.join(",") : (raw ?? "");
  return value
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
}

/** `::ffff:1.2.3.4` → `1.2.3.4`; anything that is not an IP address → undefined. */
function normalizeIp(value: string | undefined): string | undefined {
  const ip = value?.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
  return ip && isIP(ip) ? ip.toLowerCase() : undefined;
}

/** The client's address (last X-Forwarded-For entry, else the connection's), or undefined. */
export function clientIp(req: ClientRequest): string | undefined {
  const entries = forwardedEntries(req.headers);
  if (entries.length > 0) return normalizeIp(entries[entries.length - 1]);
  return normalizeIp(req.socket?.remoteAddress) ?? normalizeIp(req.ip);
}

function expandIpv6(ip: string): string[] {
  const [head = "", tail = ""] = ip.split("::");
  const left = head ? head.split(":") : [];
  const right = ip.includes("::") && tail ? tail.split(":") : [];
  const missing = ip.includes("::") ? 8 - left.length - right.length : 0;
  return [...left, ...Array<string>(missing).fill("0"), ...right];
}

/** What a per-IP limit counts: the IPv4 address, or the IPv6 /64 (`2001:db8:0:1::/64`); 'unknown' without one. */
export function clientIpKey(ip: string | undefined): string {
  const normalized = normalizeIp(ip);
  if (!normalized) return "unknown";
  if (isIP(normalized) === 4) return normalized;
  const groups = expandIpv6(normalized.replace(/%.*$/, ""));
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}
