import { QueryClient } from "@tanstack/react-query";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fetchNearbyRequestsOverRest } from "@/data/feed-over-rest";
import { fetchNearbyRequests, type NearbyRequestsCursor, type NearbyRequestsPage } from "@/data/requests";
import { keptCredentials } from "@/lib/start-first-reads";
import { filtersFromSearchParams, nearbyFeedOptions } from "./nearby-feed";

// Which path a page of the feed takes: the first over REST with the token the device kept, Lite without
// one, when REST is refused, and for the pages after it.

vi.mock("@/data/feed-over-rest", () => ({ fetchNearbyRequestsOverRest: vi.fn() }));
vi.mock("@/data/requests", () => ({ fetchNearbyRequests: vi.fn() }));
vi.mock("@/lib/start-first-reads", () => ({ keptCredentials: vi.fn() }));

const center = { lat: 45.46, lng: 9.19 };
// No filter in the URL: the shop's own categories, any urgency, the default radius.
const filters = filtersFromSearchParams(new URLSearchParams());
const page = (reads: number): NearbyRequestsPage => ({
  items: [],
  nextCursor: null,
  reads,
  queries: 1,
  indexEntries: 0,
});
const overRest = page(1);
const overLite = page(2);

function readPage(cursor: NearbyRequestsCursor | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const options = nearbyFeedOptions("shop-1", center, filters, ["casa"]);
  return client.fetchInfiniteQuery({ ...options, initialPageParam: cursor }).then((data) => data.pages[0]);
}

beforeEach(() => {
  vi.mocked(fetchNearbyRequestsOverRest).mockReset().mockResolvedValue(overRest);
  vi.mocked(fetchNearbyRequests).mockReset().mockResolvedValue(overLite);
  vi.mocked(keptCredentials).mockReset().mockReturnValue({ idToken: "id-token" });
});

describe("the feed's pages", () => {
  it("reads the first page over REST with the shop's kept token, and Lite not at all", async () => {
    await expect(readPage(null)).resolves.toBe(overRest);
    expect(keptCredentials).toHaveBeenCalledWith("shop-1");
    expect(vi.mocked(fetchNearbyRequestsOverRest).mock.calls[0]?.[1]).toEqual({ idToken: "id-token" });
    expect(fetchNearbyRequests).not.toHaveBeenCalled();
  });

  it("reads through Lite when the device kept no valid token", async () => {
    vi.mocked(keptCredentials).mockReturnValue(null);
    await expect(readPage(null)).resolves.toBe(overLite);
    expect(fetchNearbyRequestsOverRest).not.toHaveBeenCalled();
  });

  it("reads through Lite when REST is refused (a token revoked elsewhere)", async () => {
    vi.mocked(fetchNearbyRequestsOverRest).mockRejectedValue(new Error("runQuery answered 401"));
    await expect(readPage(null)).resolves.toBe(overLite);
  });

  it("reads the pages after the first through Lite", async () => {
    await expect(readPage({ subs: [] } as unknown as NearbyRequestsCursor)).resolves.toBe(overLite);
    expect(fetchNearbyRequestsOverRest).not.toHaveBeenCalled();
  });
});
