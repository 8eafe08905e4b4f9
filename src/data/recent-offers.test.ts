import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Offer } from "@/domain/marketplace/offer";
import type { Request } from "@/domain/marketplace/request";

// The Lite SDK answers with the merchant's offers; the test checks which requests are then read.
const stored = vi.hoisted(() => ({ offers: [] as Offer[] }));
vi.mock("firebase/firestore/lite", () => ({
  collection: vi.fn(),
  query: vi.fn(),
  where: vi.fn(),
  orderBy: vi.fn(),
  limit: vi.fn(),
  startAfter: vi.fn(),
  getDocs: vi.fn(async () => ({ docs: stored.offers, size: stored.offers.length })),
}));
vi.mock("./firestore-lite", () => ({ getLiteDb: vi.fn(async () => ({})), liteQuery: vi.fn() }));
vi.mock("./offer-documents", () => ({
  parseOffer: vi.fn(),
  readOfferSnapshots: vi.fn(async (docs: Offer[]) => docs),
}));
vi.mock("./request-by-id", () => ({
  getRequest: vi.fn(async (id: string) => ({ id, productName: `Richiesta ${id}` }) as Request),
}));

const { listRecentMerchantOffers } = await import("./offers");
const { getRequest } = await import("./request-by-id");

const offer = (id: string, status: Offer["status"], productName?: string) =>
  ({ id: `${id}_shop-1`, requestId: id, merchantId: "shop-1", status, productName }) as Offer;

describe("the shop's latest offers (the dashboard)", () => {
  beforeEach(() => vi.mocked(getRequest).mockClear());

  it("reads a request only for an older offer that does not name its product, and only if the shop may", async () => {
    stored.offers = [
      offer("r1", "pending", "Caricatore USB-C"),
      offer("r2", "accepted", "Bici da città"),
      offer("r3", "pending"),
      offer("r4", "rejected"),
    ];
    const rows = await listRecentMerchantOffers("shop-1", 4);
    expect(getRequest).toHaveBeenCalledTimes(1);
    expect(getRequest).toHaveBeenCalledWith("r3");
    expect(rows.map((row) => row.request?.productName ?? null)).toEqual([null, null, "Richiesta r3", null]);
    expect(rows.map((row) => row.offer.id)).toEqual(["r1_shop-1", "r2_shop-1", "r3_shop-1", "r4_shop-1"]);
  });
});
