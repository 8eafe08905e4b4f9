import { VIES_STATE, type ViesCheck } from "@/domain/people/shop-review";

/**
 * What shop verification asks of VIES, the European Commission's VAT Information Exchange System:
 * is this Italian Partita IVA registered, and under which name and address? HttpVies calls its public
 * REST API (POST {base}/check-vat-number); the emulators' SimulatedVies (simulated-vies.ts) answers by
 * number, clearly labelled; tests point HttpVies at a fake VIES server (tests/support/fake-vies.ts).
 * A gateway never throws: an outage is an answer (`unavailable`), so a sign-up never fails on it.
 */
export interface ViesGateway {
  readonly source: ViesCheck["source"];
  check(partitaIva: string, now: Date): Promise<ViesCheck>;
}

/** The public REST API's base; the VIES_BASE_URL param overrides it (tests, a proxy). */
export const VIES_DEFAULT_BASE_URL = "https://ec.europa.eu/taxation_customs/vies/rest-api";
/** VIES answers in a second or two when well; a sign-up waits no longer than this. */
export const VIES_TIMEOUT_MS = 8_000;

/** VIES's errors that mean "try again later", never "this number does not exist". */
const OUTAGE_ERRORS = new Set([
  "MS_UNAVAILABLE",
  "SERVICE_UNAVAILABLE",
  "TIMEOUT",
  "GLOBAL_MAX_CONCURRENT_REQ",
  "MS_MAX_CONCURRENT_REQ",
  "SERVER_BUSY",
]);

/** Italy may withhold name and address: VIES then sends '---' (or nothing). */
function shared(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const text = value.replace(/\s+/g, " ").trim();
  return text === "" || /^-+$/.test(text) ? undefined : text;
}

/**
 * check-vat-number's answer, reduced. A 200 carries `valid` (older gateways `isValid`), `name`,
 * `address`, `requestIdentifier`, and sometimes `userError` (`VALID`, `INVALID`, or an outage code
 * such as MS_UNAVAILABLE); a failure carries `errorWrappers: [{error, message}]`. Anything else, or a
 * non-2xx status, counts as an outage: never as a number not found.
 */
export function parseViesAnswer(status: number, body: unknown, now: Date): ViesCheck {
  const unavailable: ViesCheck = { state: VIES_STATE.unavailable, source: "vies", checkedAt: now };
  if (status < 200 || status >= 300 || body === null || typeof body !== "object") return unavailable;
  const answer = body as Record<string, unknown>;
  if (Array.isArray(answer.errorWrappers) && answer.errorWrappers.length > 0) return unavailable;
  const userError = typeof answer.userError === "string" ? answer.userError : undefined;
  if (userError && OUTAGE_ERRORS.has(userError)) return unavailable;
  const valid = typeof answer.valid === "boolean" ? answer.valid : answer.isValid;
  if (typeof valid !== "boolean") return unavailable;
  if (!valid) return { state: VIES_STATE.notFound, source: "vies", checkedAt: now };
  const name = shared(answer.name);
  const address = shared(answer.address);
  const requestIdentifier = shared(answer.requestIdentifier);
  return {
    state: VIES_STATE.valid,
    ...(name ? { name } : {}),
    ...(address ? { address } : {}),
    ...(requestIdentifier ? { requestIdentifier } : {}),
    source: "vies",
    checkedAt: now,
  };
}

export class HttpVies implements ViesGateway {
  readonly source = "vies" as const;
  constructor(
    private readonly baseUrl: string,
    private readonly fetcher: typeof fetch = fetch,
    private readonly timeoutMs: number = VIES_TIMEOUT_MS,
  ) {}

  async check(partitaIva: string, now: Date): Promise<ViesCheck> {
    try {
      const response = await this.fetcher(`${this.baseUrl.replace(/\/+$/, "")}/check-vat-number`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ countryCode: "IT", vatNumber: partitaIva }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      const body: unknown = await response.json().catch(() => null);
      return parseViesAnswer(response.status, body, now);
    } catch {
      // Network failure or timeout: the shop waits and the check is retried (shop-reviews.ts).
      return { state: VIES_STATE.unavailable, source: "vies", checkedAt: now };
    }
  }
}
