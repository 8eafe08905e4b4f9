import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for the European Commission's VIES REST API on 127.0.0.1 and a free port, for
 * the real client (functions/src/shops/vies.ts, VIES_BASE_URL=`fake.baseUrl`). It answers
 * POST /check-vat-number as VIES does: `valid` with the trader's name and address for the numbers
 * `registered` holds, `valid: false` for the others; `outage` makes it answer as VIES does when
 * Italy's service is down (HTTP 500 with errorWrappers MS_UNAVAILABLE). Every request is recorded.
 */
export interface FakeVies {
  baseUrl: string;
  registered: Map<string, { name: string; address: string }>;
  outage: boolean;
  requests: Array<{ countryCode?: string; vatNumber?: string }>;
  close(): Promise<void>;
}

export async function startFakeVies(): Promise<FakeVies> {
  const fake = {
    registered: new Map<string, { name: string; address: string }>(),
    outage: false,
    requests: [] as FakeVies["requests"],
  };
  const server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => {
      raw += chunk;
    });
    req.on("end", () => {
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      if (req.method !== "POST" || req.url !== "/check-vat-number") return reply(404, {});
      const body = JSON.parse(raw || "{}") as { countryCode?: string; vatNumber?: string };
      fake.requests.push(body);
      if (fake.outage) {
        return reply(500, {
          actionSucceed: false,
          errorWrappers: [{ error: "MS_UNAVAILABLE", message: "Member State service unavailable" }],
        });
      }
      const trader = fake.registered.get(body.vatNumber ?? "");
      const common = {
        countryCode: body.countryCode,
        vatNumber: body.vatNumber,
        requestDate: new Date().toISOString(),
      };
      return reply(
        200,
        trader
          ? { ...common, valid: true, requestIdentifier: "WAPIAAAAY1234567", ...trader }
          : { ...common, valid: false, requestIdentifier: "", name: "---", address: "---" },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
