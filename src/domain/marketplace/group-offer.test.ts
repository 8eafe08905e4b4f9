import { describe, expect, it } from "vitest";
import { feedEntries, GROUP_OFFER_MAX_REQUESTS, groupOfferInputSchema } from "./group-offer.ts";

const request = (id: string, productName: string, category = "sport") => ({ id, productName, category });
const shop = (answered: string[] = [], categories = ["sport"]) => ({
  categories,
  answered: (id: string) => answered.includes(id),
});
const shape = (entries: ReturnType<typeof feedEntries<ReturnType<typeof request>>>) =>
  entries.map((entry) =>
    entry.kind === "single" ? entry.request.id : entry.requests.map((item) => item.id).join("+"),
  );

describe("feedEntries: 'N persone cercano …' in a shop's feed", () => {
  const feed = [
    request("a", "Bici da città"),
    request("b", "chitarra", "strumenti musicali"),
    request("c", "bicicletta da città usata"),
    request("d", "casco"),
    request("e", "biciclette"),
  ];

  it("puts similar requests in one group where the first of them is, the rest stay single", () => {
    expect(shape(feedEntries(feed, shop()))).toEqual(["a+c+e", "b", "d"]);
  });

  it("leaves out of groups the requests the shop answered and those outside its categories", () => {
    expect(shape(feedEntries(feed, shop(["c"])))).toEqual(["a+e", "b", "c", "d"]);
    expect(shape(feedEntries(feed, shop(["c", "e"])))).toEqual(["a", "b", "c", "d", "e"]);
    expect(shape(feedEntries(feed, shop([], ["casa"])))).toEqual(["a", "b", "c", "d", "e"]);
  });

  it("never groups more than a group offer answers", () => {
    const many = Array.from({ length: GROUP_OFFER_MAX_REQUESTS + 1 }, (_, i) => request(`r${i}`, "bici"));
    const entries = feedEntries(many, shop());
    expect(entries[0]).toMatchObject({ kind: "group" });
    expect(entries[0]?.kind === "group" && entries[0].requests).toHaveLength(GROUP_OFFER_MAX_REQUESTS);
    expect(entries[1]).toMatchObject({ kind: "single" });
  });
});

describe("groupOfferInputSchema", () => {
  const terms = { price: 250, description: "Bici revisionata", deliveryOptions: ["pickup"] };

  it("takes two to ten distinct requests, with a clear Italian message otherwise", () => {
    expect(groupOfferInputSchema.safeParse({ ...terms, requestIds: ["a", "b"] }).success).toBe(true);
    const one = groupOfferInputSchema.safeParse({ ...terms, requestIds: ["a"] });
    expect(one.error?.issues[0]?.message).toBe("Scegli almeno due richieste per un'offerta di gruppo");
    const twice = groupOfferInputSchema.safeParse({ ...terms, requestIds: ["a", "a"] });
    expect(twice.success).toBe(false);
    const many = Array.from({ length: 11 }, (_, i) => `r${i}`);
    expect(groupOfferInputSchema.safeParse({ ...terms, requestIds: many }).error?.issues[0]?.message).toBe(
      "Un'offerta di gruppo risponde al massimo a 10 richieste",
    );
  });
});
