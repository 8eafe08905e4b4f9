import { describe, expect, it } from "vitest";
import { ALGO_QUESTIONS } from "@/domain/algo/algo-dialogue";
import { offlineAlgoTurn } from "./dialogue";
import { INITIAL_OFFLINE_STATE } from "./dialogue-state";

const TRAPANO =
  "Cerco un trapano avvitatore nuovo a Roma, zona Trastevere, massimo 80 euro, ritiro in negozio, mi serve entro domani";
const BICI =
  "Cerco una bicicletta da città usata, budget massimo 200 euro, a Milano zona Navigli, mi serve entro questa settimana";

describe("offline Algo: the place in the conversation", () => {
  it("reads the trapano sentence whole: asks nothing about the place and proposes the review", () => {
    const reply = offlineAlgoTurn({ fields: {}, text: TRAPANO });
    expect(reply.extractedData).toMatchObject({
      productName: "trapano avvitatore",
      budget: { min: 0, max: 80 },
      deliveryPreference: "pickup",
      location: { address: "Trastevere, Roma", lat: 41.8833, lng: 12.4667 },
      productDetails: { condition: "nuovo" },
    });
    expect(reply.asks).toBe("confirm");
    expect(reply.message).not.toMatch(/dove ti serve\?/i);
    expect(reply.message).toContain("a Trastevere, Roma");
    // 'Sì, pubblica pure': ready for the review card, nothing published here.
    const yes = offlineAlgoTurn({
      fields: reply.extractedData,
      state: reply.state,
      text: "Sì, pubblica pure",
    });
    expect(yes.isComplete).toBe(true);
    expect(yes.message).toContain("tocca «Pubblica»");
  });

  it("asks where when the sentence has no place, one question, and takes the answer", () => {
    const reply = offlineAlgoTurn({
      fields: {},
      text: "Cerco un trapano avvitatore nuovo, massimo 80 euro, ritiro in negozio, mi serve entro domani",
    });
    expect(reply.asks).toBe("place");
    expect(reply.message).toContain(ALGO_QUESTIONS.place);
    expect(reply.message.match(/\?/g)).toHaveLength(1);
    const answer = offlineAlgoTurn({ fields: reply.extractedData, state: reply.state, text: "Roma" });
    expect(answer.extractedData.location).toEqual({ address: "Roma", lat: 41.8919, lng: 12.5113 });
    expect(answer.extractedData.productName).toBe("trapano avvitatore");
    expect(answer.asks).toBe("confirm");
  });

  it("asks for the phone's position after 'vicino a me', and keeps asking until there is a place", () => {
    const reply = offlineAlgoTurn({ fields: {}, text: "Cerco una lampada da scrivania vicino a me" });
    expect(reply.extractedData.productName).toBe("lampada da scrivania");
    expect(reply.asks).toBe("place");
    expect(reply.asksPosition).toBe(true);
    expect(reply.message).toContain(ALGO_QUESTIONS.position);
    const again = offlineAlgoTurn({ fields: reply.extractedData, state: reply.state, text: "boh" });
    const twice = offlineAlgoTurn({ fields: again.extractedData, state: again.state, text: "boh" });
    expect(twice.extractedData.location).toBeUndefined();
    expect([again.asks, twice.asks]).not.toContain("done");
  });

  it("never completes without a place, even on 'pubblica'", () => {
    const fields = { productName: "bici", category: "sport" as const };
    const reply = offlineAlgoTurn({ fields, text: "pubblica" });
    expect(reply.isComplete).toBe(false);
    expect(reply.asks).toBe("place");
    expect(reply.message).toContain(ALGO_QUESTIONS.place);
  });

  it("agrees with the product: la bicicletta → 'ritirarla', then the review", () => {
    const reply = offlineAlgoTurn({ fields: {}, text: BICI });
    expect(reply.extractedData.location).toMatchObject({ address: "Navigli, Milano" });
    expect(reply.extractedData.budget).toEqual({ min: 0, max: 200 });
    expect(reply.asks).toBe("delivery");
    expect(reply.message).toContain("Preferisci ritirarla in negozio, riceverla a domicilio");
    expect(reply.message).toContain("budget fino a 200 €");
    expect(reply.message).toContain("usata");
    const pickup = offlineAlgoTurn({
      fields: reply.extractedData,
      state: reply.state,
      text: "Va bene il ritiro in negozio",
    });
    expect(pickup.isComplete).toBe(true);
    expect(pickup.extractedData.deliveryPreference).toBe("pickup");
  });

  it("asks about the condition in the product's gender and number", () => {
    const known = {
      budget: { max: 100 },
      urgency: "giorni",
      deliveryPreference: "pickup",
      location: { address: "Milano", lat: 45.4643, lng: 9.1895 },
    };
    const state = { ...INITIAL_OFFLINE_STATE, asked: { condition: 0 } };
    const shoes = offlineAlgoTurn({
      fields: { ...known, productName: "racchette da padel", category: "sport" },
      state,
      text: "no, aspetta",
    });
    expect(shoes.message).toContain("le vuoi nuove, usate o ricondizionate");
  });
});
