import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AuthUser } from "@/data/auth";
import { keepDeviceSession } from "@/data/device-session";
import type { QuerySpec } from "@/data/query-spec";
import { FIRST_READ_MAX_AGE_MS } from "@/domain/core/limits";
import { stubMemoryLocalStorage } from "@/testing/memory-storage";
import { firstDocument, firstQueries, readFirstOr, takeFirstRead } from "./first-read";
import { startFirstReads } from "./start-first-reads";

// A route's first reads over REST: started only for the account whose valid token this device kept,
// taken once by the page's read, and not handed to a read long after the page load they were for.

const spec = (customerId: string): QuerySpec => ({
  collection: "requests",
  where: [["customerId", "==", customerId]],
  orderBy: [["createdAt", "desc"]],
  limit: 50,
});
const fetch = vi.fn(async (_url?: unknown) => Response.json([]));

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

describe("readFirstOr", () => {
  const offerPath = { document: "offers/r1_shop-1" };
  const parseOne = async (document: { id: string } | null) => document?.id ?? "missing";

  it("takes a document's first read once; the next read goes through the SDK", async () => {
    keepDeviceSession({ uid: "gino" } as AuthUser, "gino-token", Date.now() + 3_600_000);
    fetch.mockImplementationOnce(async () =>
      Response.json({ name: "projects/p/databases/(default)/documents/offers/r1_shop-1", fields: {} }),
    );
    startFirstReads("gino", [offerPath]);
    const sdk = vi.fn(async () => "from the SDK");
    await expect(readFirstOr(firstDocument(offerPath, parseOne), sdk)).resolves.toBe("r1_shop-1");
    expect(sdk).not.toHaveBeenCalled();
    await expect(readFirstOr(firstDocument(offerPath, parseOne), sdk)).resolves.toBe("from the SDK");
  });

  it("hands a missing document to the parser as null, and falls back to the SDK on a refusal", async () => {
    keepDeviceSession({ uid: "ivo" } as AuthUser, "ivo-token", Date.now() + 3_600_000);
    const missing = { document: "offers/none" };
    const refused = { document: "requests/hidden" };
    fetch.mockImplementation(async (url: unknown) =>
      String(url).endsWith("none")
        ? new Response("{}", { status: 404 })
        : new Response("{}", { status: 403 }),
    );
    startFirstReads("ivo", [missing, refused]);
    const sdk = vi.fn(async () => "from the SDK");
    await expect(readFirstOr(firstDocument(missing, parseOne), sdk)).resolves.toBe("missing");
    await expect(readFirstOr(firstDocument(refused, parseOne), sdk)).resolves.toBe("from the SDK");
    expect(sdk).toHaveBeenCalledOnce();
    fetch.mockImplementation(async () => Response.json([]));
  });

  it("reads several queries together only when the route started every one of them", async () => {
    keepDeviceSession({ uid: "lia" } as AuthUser, "lia-token", Date.now() + 3_600_000);
    const asBuyer = spec("lia");
    const asShop = { ...spec("lia"), where: [["merchantId", "==", "lia"]] as const };
    const parse = vi.fn(async (answers: unknown[][]) => `${answers.length} answers`);
    const sdk = vi.fn(async () => "from the SDK");
    startFirstReads("lia", [asBuyer, asShop]);
    await expect(readFirstOr(firstQueries([asBuyer, asShop], parse), sdk)).resolves.toBe("2 answers");
    expect(sdk).not.toHaveBeenCalled();

    const other = { ...spec("lia"), limit: 10 };
    startFirstReads("lia", [other]); // one of the two only
    await expect(readFirstOr(firstQueries([other, { ...other, limit: 11 }], parse), sdk)).resolves.toBe(
      "from the SDK",
    );
    expect(parse).toHaveBeenCalledOnce();
  });
});
