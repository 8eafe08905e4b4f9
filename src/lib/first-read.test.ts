import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AuthUser } from "@/data/auth";
import { keepDeviceSession } from "@/data/device-session";
import type { QuerySpec } from "@/data/query-spec";
import { FIRST_READ_MAX_AGE_MS } from "@/domain/core/limits";
import { stubMemoryLocalStorage } from "@/testing/memory-storage";
import { takeFirstRead } from "./first-read";
import { startFirstReads } from "./start-first-reads";

// A route's first reads over REST: started only for the account whose valid token this device kept,
// taken once by the page's read, and not handed to a read long after the page load they were for.

const spec = (customerId: string): QuerySpec => ({
  collection: "requests",
  where: [["customerId", "==", customerId]],
  orderBy: [["createdAt", "desc"]],
  limit: 50,
});
const fetch = vi.fn(async () => Response.json([]));

beforeEach(() => {
  stubMemoryLocalStorage();
  vi.stubGlobal("fetch", fetch);
  fetch.mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe("startFirstReads", () => {
  it("reads nothing without a kept token, or for another account than the kept one", () => {
    expect(startFirstReads("dora", [spec("dora")])).toBe(false);
    keepDeviceSession({ uid: "bea" } as AuthUser, "bea-token", Date.now() + 3_600_000);
    expect(startFirstReads("dora", [spec("dora")])).toBe(false);
    expect(fetch).not.toHaveBeenCalled();
    expect(takeFirstRead(spec("dora"))).toBeUndefined();
  });

  it("starts each query once for the kept account; the page's read takes it once", async () => {
    keepDeviceSession({ uid: "anna" } as AuthUser, "anna-token", Date.now() + 3_600_000);
    expect(startFirstReads("anna", [spec("anna")])).toBe(true);
    expect(startFirstReads("anna", [spec("anna")])).toBe(true); // the gate rendering again
    expect(fetch).toHaveBeenCalledOnce();
    await expect(takeFirstRead(spec("anna"))).resolves.toEqual([]);
    expect(takeFirstRead(spec("anna"))).toBeUndefined();
  });

  it("is not handed to a read that comes long after the load it was started for", () => {
    keepDeviceSession({ uid: "elia" } as AuthUser, "anna-token", Date.now() + 3_600_000);
    const started = Date.now();
    expect(startFirstReads("elia", [spec("elia")], started)).toBe(true);
    expect(fetch).toHaveBeenCalledOnce();
    expect(takeFirstRead(spec("elia"), started + FIRST_READ_MAX_AGE_MS + 1)).toBeUndefined();
  });
});

describe("a first read that comes after the page's own read", () => {
  it("is not started: the page read through the SDK, and a later read must not get an older answer", () => {
    keepDeviceSession({ uid: "carla" } as AuthUser, "carla-token", Date.now() + 3_600_000);
    expect(takeFirstRead(spec("carla"))).toBeUndefined(); // the page's code asked first
    startFirstReads("carla", [spec("carla")]);
    expect(fetch).not.toHaveBeenCalled();
    expect(takeFirstRead(spec("carla"))).toBeUndefined();
  });
});
