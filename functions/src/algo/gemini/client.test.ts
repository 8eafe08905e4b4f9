import { ApiError } from "@google/genai";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ALGO_MESSAGES } from "@/domain/algo/algo-messages";
import {
  type FakeGemini,
  geminiError,
  geminiJson,
  geminiText,
  type ScriptedReply,
  startFakeGemini,
} from "../../../../tests/support/fake-gemini";
import { type GeminiConfig, generateText } from "./client";
import { algoModelRequest, geminiAlgoTurn } from "./gemini-algo";
import { ALGO_RESPONSE_SCHEMA, ALGO_SYSTEM_PROMPT } from "./prompt";

/** The real @google/genai client against the fake Gemini server: the wire format and its guards. */

let fake: FakeGemini;
let config: GeminiConfig;

beforeAll(async () => {
  fake = await startFakeGemini();
  config = { apiKey: "test-key", model: "gemini-test", baseUrl: fake.url, timeoutMs: 5_000 };
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const turn = { fields: {}, history: [], text: "Cerco una bicicletta" };
const question = { message: "Quanto vuoi spendere?", extractedData: {}, isComplete: false };

/** A reply whose only candidate stopped for `finishReason` (and carries `extra`). */
function stopped(finishReason: string, extra: Record<string, unknown> = {}): ScriptedReply {
  const reply = geminiText(JSON.stringify(question));
  const body = reply.body as { candidates: Array<Record<string, unknown>> };
  body.candidates[0] = { ...body.candidates[0], finishReason, ...extra };
  return reply;
}

describe("Algo's request on the wire", () => {
  it("asks for JSON with the response schema, under the system prompt, as the SDK sends it", async () => {
    fake.enqueue(geminiJson(question));
    expect((await geminiAlgoTurn(config, turn)).outcome).toBe("ok");
    expect(fake.rejections).toEqual([]);
    const [request] = fake.requests;
    expect(request?.headers["x-goog-api-client"]).toMatch(/^google-genai-sdk\//);
    expect(request?.headers["x-goog-api-key"]).toBe("test-key");
    expect(request?.body).toMatchObject({
      systemInstruction: { parts: [{ text: ALGO_SYSTEM_PROMPT }] },
      generationConfig: {
        responseMimeType: "application/json",
        responseSchema: { type: "OBJECT", required: ["message", "extractedData", "isComplete"] },
        temperature: 0.4,
      },
    });
    expect(request?.body).toMatchObject({
      generationConfig: { responseSchema: JSON.parse(JSON.stringify(ALGO_RESPONSE_SCHEMA)) },
    });
  });

  it.each([
    ["the system instruction", "systemInstruction", /systemInstruction/],
    ["the response schema", "responseSchema", /response schema/],
    ["the JSON MIME type", "responseMimeType", /response schema needs responseMimeType|JSON/],
  ] as const)("gets no JSON reply from the fake without %s", async (_what, drop, reason) => {
    fake.enqueue(geminiJson(question));
    const { config: sent, ...request } = algoModelRequest(config, turn);
    const { [drop]: _dropped, ...rest } = sent;
    await expect(generateText(config, { ...request, config: rest })).rejects.toBeInstanceOf(ApiError);
    expect(fake.rejections).toEqual([expect.stringMatching(reason)]);
  });
});

describe("the fake refuses what the API would", () => {
  it("refuses a request without a key, or not made by @google/genai", async () => {
    fake.enqueue(geminiJson(question));
    expect((await geminiAlgoTurn({ ...config, apiKey: "" }, turn)).outcome).toBe("technical_failure");
    const body = JSON.stringify({ contents: [{ role: "user", parts: [{ text: "ciao" }] }] });
    const bare = await fetch(`${fake.url}/v1beta/models/gemini-test:generateContent`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-goog-api-key": "k" },
      body,
    });
    expect(bare.status).toBe(400);
    const oldApi = await fetch(`${fake.url}/v1/models/gemini-test:generateContent`, { method: "POST", body });
    expect(oldApi.status).toBe(404);
    expect(fake.rejections).toEqual([
      "no API key in x-goog-api-key",
      "not sent by the Google Gen AI SDK (@google/genai)",
      "unknown path POST /v1/models/gemini-test:generateContent",
    ]);
  });

  it("refuses a thinking budget and a thinking level together, and a last turn of the model", async () => {
    const { config: sent, ...request } = algoModelRequest(config, turn);
    await expect(
      generateText(config, {
        ...request,
        config: { ...sent, thinkingConfig: { thinkingBudget: 0, thinkingLevel: "LOW" as never } },
      }),
    ).rejects.toBeInstanceOf(ApiError);
    await expect(
      generateText(config, {
        ...request,
        config: sent,
        contents: [...request.contents, { role: "model", parts: [{ text: "ok" }] }],
      }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(fake.rejections).toEqual([
      "thinkingBudget and thinkingLevel are both set",
      "the last turn is the model's",
    ]);
  });
});

describe("what comes back", () => {
  it.each(["MAX_TOKENS", "SAFETY", "RECITATION", "PROHIBITED_CONTENT"])(
    "a reply stopped for %s is 'non ho capito', never its text",
    async (reason) => {
      fake.enqueue(stopped(reason));
      const reply = await geminiAlgoTurn(config, turn);
      expect(reply).toMatchObject({
        outcome: "not_understood",
        message: ALGO_MESSAGES.notUnderstood,
        rawText: "",
      });
    },
  );

  it("a blocked prompt (no candidate) is 'non ho capito'", async () => {
    fake.enqueue({ status: 200, body: { promptFeedback: { blockReason: "SAFETY" } }, requires: [] });
    expect(await geminiAlgoTurn(config, turn)).toMatchObject({ outcome: "not_understood", rawText: "" });
  });

  it("a reply cut off for continuation costs no second request", async () => {
    fake.enqueue(stopped("CONTINUATION", { continuationToken: "dG9rZW4=" }), geminiJson(question));
    expect((await geminiAlgoTurn(config, turn)).outcome).toBe("not_understood");
    expect(fake.requests).toHaveLength(1);
  });

  it("a 503 or a 429 is one attempt and the technical-problem reply (the turn is refunded)", async () => {
    fake.enqueue(geminiError(503), geminiError(429), geminiJson(question));
    expect((await geminiAlgoTurn(config, turn)).outcome).toBe("technical_failure");
    expect((await geminiAlgoTurn(config, turn)).outcome).toBe("technical_failure");
    expect(fake.requests).toHaveLength(2);
  });

  it("a broken body is the technical-problem reply", async () => {
    fake.enqueue({ status: 200, body: undefined, raw: "{not json" });
    expect((await geminiAlgoTurn(config, turn)).outcome).toBe("technical_failure");
  });

  it("leaves out the thinking the model returns", async () => {
    const reply = geminiJson(question);
    const body = reply.body as { candidates: Array<{ content: { parts: unknown[] } }> };
    body.candidates[0]?.content.parts.unshift({ text: "Penso che…", thought: true });
    fake.enqueue(reply);
    expect(await geminiAlgoTurn(config, turn)).toMatchObject({ outcome: "ok", message: question.message });
  });
});
