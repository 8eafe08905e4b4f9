import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AuthUser } from "@/data/auth";
import { keepDeviceSession } from "@/data/device-session";
import { fetchNearbyRequestsOverRest } from "@/data/feed-over-rest";
import { FEED_PAGE_SIZE } from "@/domain/core/limits";
import { scopeCategories } from "@/domain/marketplace/feed-categories";
import { takeTypedFirstRead } from "@/lib/first-read";
import { writeUserCopy } from "@/lib/session/user-copy";
import { startFirstReads } from "@/lib/start-first-reads";
import { stubMemoryLocalStorage } from "@/testing/memory-storage";
import { filtersFromSearchParams } from "../lib/feed-filters";
import { browseFirstQueries } from "./first-reads";

// The feed's first round started by the route before the page's code (./first-reads.ts) is the one the
// page's first page asks (./nearby-feed.ts): every query goes out once, and the page takes the answers.

const fetch = vi.fn(async (_url?: unknown, _init?: unknown) => Response.json([]));
const at = { lat: 45.4642, lng: 9.19 };
const HOUR = 3_600_000;

beforeEach(() => {
  stubMemoryLocalStorage();
  vi.stubGlobal("fetch", fetch);
  fetch.mockClear();
});
afterEach(() => vi.unstubAllGlobals());

/** The shop's first page as the page reads it: from its session's position and categories and the URL. */
function pageReads(uid: string, search: string, own: string[] = ["casa"]) {
  const filters = filtersFromSearchParams(new URLSearchParams(search));
  return fetchNearbyRequestsOverRest(
    {
      center: at,
      radiusKm: filters.radiusKm,
      categories: scopeCategories(filters.category, own as ["casa"]),
      urgency: filters.urgency,
      pageSize: FEED_PAGE_SIZE,
    },
    { idToken: `${uid}-token` },
    (spec) => takeTypedFirstRead(spec),
  );
}

describe("the feed's first round on a page load", () => {
  it("is what the page asks first: each query goes out once, before the page's code", async () => {
    keepDeviceSession({ uid: "neg-1" } as AuthUser, "neg-1-token", Date.now() + HOUR);
    writeUserCopy("neg-1", {
      userType: "merchant",
      location: { ...at, address: "Via Torino 1" },
      shop: { status: "verified", categories: ["casa"] },
    });
    const search = "?raggio=20&urgenza=subito";
    const first = browseFirstQueries("neg-1", search);
    expect(first.length).toBeGreaterThan(1);
    startFirstReads("neg-1", first);
    expect(fetch).toHaveBeenCalledTimes(first.length);
    await pageReads("neg-1", search);
    // Every answer was empty, so the page needed no second round: nothing more went out.
    expect(fetch).toHaveBeenCalledTimes(first.length);
  });

  it("leaves the page to its own queries when its filters are not the ones started", async () => {
    keepDeviceSession({ uid: "neg-2" } as AuthUser, "neg-2-token", Date.now() + HOUR);
    writeUserCopy("neg-2", {
      userType: "merchant",
      location: at,
      shop: { status: "verified", categories: ["casa"] },
    });
    const first = browseFirstQueries("neg-2", "?raggio=5");
    startFirstReads("neg-2", first);
    await pageReads("neg-2", "?raggio=50");
    expect(fetch.mock.calls.length).toBeGreaterThan(first.length);
  });

  it("starts nothing without a verified shop's copy on the device (the rules would refuse the feed)", () => {
    expect(browseFirstQueries("neg-3", "")).toEqual([]);
    writeUserCopy("neg-4", {
      userType: "merchant",
      location: at,
      shop: { status: "pending", categories: [] },
    });
    expect(browseFirstQueries("neg-4", "")).toEqual([]);
    writeUserCopy("neg-5", { userType: "customer", location: at });
    expect(browseFirstQueries("neg-5", "")).toEqual([]);
    writeUserCopy("neg-6", {
      userType: "merchant",
      location: at,
      shop: { status: "verified", categories: [] },
    });
    expect(browseFirstQueries("neg-6", "").length).toBeGreaterThan(0);
  });
});
