import { deleteApp, initializeApp } from "firebase/app";
import { collection, getFirestore, query, Timestamp } from "firebase/firestore";
import { afterAll, describe, expect, it, vi } from "vitest";
import { planNearbyQuery } from "@/domain/geo/geo-feed-plan";
import { feedQueryConstraints, parseRequest } from "./requests";

const createdAt = Timestamp.fromMillis(Date.UTC(2025, 4, 1, 9, 30));

const stored = {
  customerId: "buyer-1",
  productName: "Bici da città",
  description: "",
  category: "sport",
  budget: { min: 100, max: 300 },
  urgency: "48h",
  deliveryPreference: "pickup",
  actionRadius: 10,
  location: { address: "Milano", lat: 45.4642, lng: 9.19, geohash: "u0nd9hdfv" },
  gh3: "u0n",
  gh4: "u0nd",
  gh5: "u0nd9",
  productDetails: { condition: "usato" },
  status: "active",
  aiGenerated: true,
  imageAnalyzed: false,
  createdAt,
  updatedAt: createdAt,
};

describe("parseRequest", () => {
  it("checks a stored request and turns its Timestamps into Dates", () => {
    const request = parseRequest("req-1", stored);
    expect(request).toMatchObject({ id: "req-1", productName: "Bici da città", status: "active" });
    expect(request?.createdAt).toEqual(createdAt.toDate());
  });

  it("reads the legacy 'matched' status as in_progress", () => {
    expect(parseRequest("req-1", { ...stored, status: "matched" })?.status).toBe("in_progress");
  });

  it("skips a malformed document with a warning instead of throwing", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(parseRequest("bad", { ...stored, budget: { min: 300, max: 100 } })).toBeNull();
    expect(parseRequest("bad", { ...stored, location: undefined })).toBeNull();
    expect(parseRequest("bad", undefined)).toBeNull();
    expect(warn).toHaveBeenCalledTimes(3);
    warn.mockRestore();
  });
});

describe("feedQueryConstraints", () => {
  const app = initializeApp({ projectId: "demo-vicino-unit", apiKey: "demo" }, "feed-constraints");
  const db = getFirestore(app);
  afterAll(() => deleteApp(app));

  it("builds every sub-query of a plan as a query the browser SDK accepts", () => {
    const plan = planNearbyQuery({ lat: 45.4642, lng: 9.19 }, 50);
    expect(plan.subQueries.some((sub) => sub.minActionRadiusKm !== null)).toBe(true);
    const after = {
      seconds: 1_700_000_000,
      nanoseconds: 123_456_789,
      actionRadius: 20,
      lat: 45.5,
      lng: 9.2,
      id: "r9",
    };
    for (const sub of plan.subQueries) {
      for (const filters of [{}, { category: "casa" }, { category: "casa", urgency: "subito" }]) {
        const constraints = feedQueryConstraints(sub, filters, after, 25);
        expect(() => query(collection(db, "requests"), ...constraints)).not.toThrow();
        const types = constraints.map((constraint) => constraint.type);
        expect(types.filter((type) => type === "orderBy")).toHaveLength(5);
        expect(types.slice(-2)).toEqual(["startAfter", "limit"]);
        const wheres = types.filter((type) => type === "where").length;
        const expected =
          2 + Object.keys(filters).length + (sub.minActionRadiusKm !== null ? 1 : 0) + (sub.bounds ? 4 : 0);
        expect(wheres).toBe(expected);
      }
    }
  });

  it("starts at the top without a cursor", () => {
    const [sub] = planNearbyQuery({ lat: 45.4642, lng: 9.19 }, 5).subQueries;
    const types = feedQueryConstraints(sub!, {}, null, 10).map((constraint) => constraint.type);
    expect(types).not.toContain("startAfter");
    expect(types.at(-1)).toBe("limit");
  });
});
