import { describe, expect, it } from "vitest";
import {
  acceptOfferInputSchema,
  completeTransactionInputSchema,
  rejectOfferInputSchema,
  submitOfferInputSchema,
} from "../../src/domain/boundary/callables";
import { newMessageInputSchema } from "../../src/domain/marketplace/message";
import { offerIdFor } from "../../src/domain/marketplace/offer";
import { newRequestInputSchema } from "../../src/domain/marketplace/request";
import { userSchema } from "../../src/domain/people/user";
import { DEMO_ACCOUNTS, DEMO_PERSONAS, DEMO_REQUEST_IDS, DEMO_SHOP_1, DEMO_SHOP_2 } from "./demo-data";
import { runDemoScenario } from "./demo-scenario";
import type { Actor, MarketplaceWriter, Persona } from "./writer";

/** Records the story and checks every input against the domain's input schemas. */
function recordingWriter() {
  const actions: { name: string; at: Date }[] = [];
  const requests = new Map<string, string>();
  const offers = new Map<string, { requestId: string; status: string }>();
  const record = (name: string, at: Date) => actions.push({ name, at });
  const writer: MarketplaceWriter = {
    createAccount: async (persona: Persona, { at }) => {
      record("createAccount", at);
      return {
        uid: persona.uid,
        name: persona.businessName ?? persona.displayName,
        userType: persona.userType,
      } satisfies Actor;
    },
    publishRequest: async (_customer, input, { at, id }) => {
      newRequestInputSchema.parse(input);
      requests.set(id, "active");
      record("publishRequest", at);
      return id;
    },
    cancelRequest: async (_customer, requestId, { at }) => {
      requests.set(requestId, "cancelled");
      record("cancelRequest", at);
    },
    sendOffer: async (merchant, input, { at }) => {
      submitOfferInputSchema.parse(input);
      expect(requests.get(input.requestId)).toBe("active");
      const id = offerIdFor(input.requestId, merchant.uid);
      offers.set(id, { requestId: input.requestId, status: "pending" });
      record("sendOffer", at);
      return { offerId: id, conversationId: id };
    },
    sendMessage: async (_sender, input, { at }) => {
      newMessageInputSchema.parse(input);
      record("sendMessage", at);
      return `m${actions.length}`;
    },
    acceptOffer: async (_customer, input, { at }) => {
      // The writer takes the offer's id; the admin writer accepts the stored terms (admin-writer.ts).
      const offer = offers.get(acceptOfferInputSchema.pick({ offerId: true }).parse(input).offerId)!;
      offer.status = "accepted";
      for (const other of offers.values()) {
        if (other !== offer && other.requestId === offer.requestId && other.status === "pending")
          other.status = "rejected";
      }
      requests.set(offer.requestId, "in_progress");
      record("acceptOffer", at);
    },
    rejectOffer: async (_customer, input, { at }) => {
      offers.get(rejectOfferInputSchema.parse(input).offerId)!.status = "rejected";
      record("rejectOffer", at);
    },
    completeTransaction: async (_customer, input, { at }) => {
      requests.set(completeTransactionInputSchema.parse(input).requestId, "completed");
      record("completeTransaction", at);
    },
  };
  return { writer, actions, requests, offers };
}

describe("the demo scenario", () => {
  it("is a dozen requests in every state, with offers in every outcome, all in the past", async () => {
    const now = new Date("2026-05-15T10:00:00Z");
    const { writer, actions, requests, offers } = recordingWriter();
    const summary = await runDemoScenario(writer, now);

    expect(summary).toMatchObject({ accounts: 4, requests: 12, offers: 11, conversations: 11 });
    const count = (values: Iterable<string>, wanted: string) =>
      [...values].filter((value) => value === wanted).length;
    expect(count(requests.values(), "active")).toBe(7);
    expect(count(requests.values(), "in_progress")).toBe(2);
    expect(count(requests.values(), "completed")).toBe(2);
    expect(count(requests.values(), "cancelled")).toBe(1);
    const offerStatuses = [...offers.values()].map((offer) => offer.status);
    expect(new Set(offerStatuses)).toEqual(new Set(["pending", "accepted", "rejected"]));

    for (const { at } of actions) expect(at.getTime()).toBeLessThan(now.getTime());
    const times = actions.map(({ at }) => at.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it("leaves the lamp request with two pending offers from different shops, to reject one and accept the other", async () => {
    const { writer, offers } = recordingWriter();
    await runDemoScenario(writer, new Date("2026-05-15T10:00:00Z"));
    const lampOffers = [...offers.entries()].filter(([, offer]) => offer.requestId === DEMO_REQUEST_IDS.lamp);
    expect(lampOffers).toEqual([
      [
        offerIdFor(DEMO_REQUEST_IDS.lamp, DEMO_SHOP_1.uid),
        { requestId: DEMO_REQUEST_IDS.lamp, status: "pending" },
      ],
      [
        offerIdFor(DEMO_REQUEST_IDS.lamp, DEMO_SHOP_2.uid),
        { requestId: DEMO_REQUEST_IDS.lamp, status: "pending" },
      ],
    ]);
  });

  it("has valid personas with known passwords around Milano", () => {
    for (const persona of DEMO_PERSONAS) {
      userSchema.parse({ ...persona, id: persona.uid, createdAt: new Date() });
      expect(persona.location.lat).toBeCloseTo(45.5, 0);
      expect(persona.location.lng).toBeCloseTo(9.2, 0);
    }
    expect(DEMO_ACCOUNTS.map((account) => account.email)).toEqual([
      "acquirente@vicino.test",
      "negozio1@vicino.test",
      "negozio2@vicino.test",
      "acquirente2@vicino.test",
    ]);
  });
});
