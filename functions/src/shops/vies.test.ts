import { describe, expect, it } from "vitest";
import { SIMULATED_VIES_OUTAGE, SimulatedVies } from "./simulated-vies";
import { HttpVies, parseViesAnswer } from "./vies";

const NOW = new Date("2026-11-28T10:00:00Z");

describe("VIES answers", () => {
  it.each([
    [
      "a registered number, with name and address (spaces and new lines tidied)",
      200,
      {
        countryCode: "IT",
        vatNumber: "00743110157",
        valid: true,
        name: "FERRAMENTA ROSSI SRL",
        address: "VIA ROMA 1 \n20121 MILANO MI",
        requestIdentifier: "WAPIAAAAY1234567",
      },
      {
        state: "valid",
        name: "FERRAMENTA ROSSI SRL",
        address: "VIA ROMA 1 20121 MILANO MI",
        requestIdentifier: "WAPIAAAAY1234567",
      },
    ],
    [
      "a registered number Italy gives no details for",
      200,
      { valid: true, name: "---", address: "---" },
      { state: "valid" },
    ],
    ["the GET variant's isValid", 200, { isValid: true, userError: "VALID" }, { state: "valid" }],
    ["a number not in VIES", 200, { valid: false, name: "---", address: "---" }, { state: "not_found" }],
    [
      "Italy's service down, told in a 200",
      200,
      { isValid: false, userError: "MS_UNAVAILABLE" },
      { state: "unavailable" },
    ],
    [
      "too many requests",
      200,
      { valid: false, userError: "MS_MAX_CONCURRENT_REQ" },
      { state: "unavailable" },
    ],
    [
      "an error answer",
      500,
      { actionSucceed: false, errorWrappers: [{ error: "SERVICE_UNAVAILABLE" }] },
      { state: "unavailable" },
    ],
    ["errorWrappers in a 200", 200, { errorWrappers: [{ error: "TIMEOUT" }] }, { state: "unavailable" }],
    ["a body that is not VIES's", 200, { hello: "world" }, { state: "unavailable" }],
    ["no body", 502, null, { state: "unavailable" }],
  ])("%s", (_case, status, body, expected) => {
    expect(parseViesAnswer(status, body, NOW)).toEqual({ ...expected, source: "vies", checkedAt: NOW });
  });

  it("posts the Italian number to check-vat-number and reads the answer", async () => {
    const calls: Array<{ url: string; body: unknown }> = [];
    const fetcher = (async (url: string, init: RequestInit) => {
      calls.push({ url, body: JSON.parse(String(init.body)) });
      return new Response(JSON.stringify({ valid: false }), { status: 200 });
    }) as unknown as typeof fetch;
    const answer = await new HttpVies("https://vies.test/rest-api/", fetcher).check("00743110157", NOW);
    expect(calls).toEqual([
      {
        url: "https://vies.test/rest-api/check-vat-number",
        body: { countryCode: "IT", vatNumber: "00743110157" },
      },
    ]);
    expect(answer.state).toBe("not_found");
  });

  it("counts a network failure as an outage, never as a refusal", async () => {
    const fetcher = (async () => {
      throw new TypeError("fetch failed");
    }) as unknown as typeof fetch;
    expect((await new HttpVies("https://vies.test", fetcher).check("00743110157", NOW)).state).toBe(
      "unavailable",
    );
  });

  it("the simulated VIES answers by number and says it is simulated", async () => {
    const simulated = new SimulatedVies();
    expect(await simulated.check("00743110157", NOW)).toMatchObject({
      state: "valid",
      name: "FERRAMENTA ROSSI SRL",
      source: "simulated",
    });
    expect((await simulated.check("91234567891", NOW)).state).toBe("not_found");
    expect((await simulated.check(SIMULATED_VIES_OUTAGE, NOW)).state).toBe("unavailable");
  });
});
