import { initializeApp } from "firebase-admin/app";
import { GeoPoint, getFirestore, Timestamp } from "firebase-admin/firestore";
import { describe, expect, it } from "vitest";
import { isSnapshotFresh, SNAPSHOT_MAX_AGE_MS } from "./snapshot";
import { decodeValue, encodeValue } from "./snapshot-codec";

const db = getFirestore(initializeApp({ projectId: "demo-codec" }, "snapshot-codec-test"));

describe("the seed snapshot's codec", () => {
  it("gives back the values the seed wrote, nested ones included", () => {
    const data = {
      createdAt: Timestamp.fromMillis(1_795_000_000_123),
      location: new GeoPoint(45.4784, 9.2254),
      photo: Buffer.from("jpeg"),
      shop: db.doc("users/demo-negozio-1"),
      price: 89.9,
      tags: ["lampada", { at: Timestamp.fromMillis(5_000) }],
      nothing: null,
      open: true,
    };
    const json = JSON.parse(JSON.stringify(encodeValue(data, "doc")));
    const back = decodeValue(json, db) as typeof data;
    expect(back.createdAt.isEqual(data.createdAt)).toBe(true);
    expect(back.location.isEqual(data.location)).toBe(true);
    expect(Buffer.from(back.photo).toString()).toBe("jpeg");
    expect(back.shop.path).toBe("users/demo-negozio-1");
    expect(back.tags[1]).toEqual({ at: Timestamp.fromMillis(5_000) });
    expect({ price: back.price, nothing: back.nothing, open: back.open }).toEqual({
      price: 89.9,
      nothing: null,
      open: true,
    });
  });

  it("refuses what it cannot give back, saying where", () => {
    expect(() => encodeValue({ a: { b: new Date() } }, "requests/x")).toThrow(/requests\/x\.a\.b/);
    expect(() => encodeValue({ n: Number.NaN }, "d")).toThrow(/d\.n/);
    expect(() => encodeValue({ __firestore: "timestamp" }, "d")).toThrow(/riservato/);
  });
});

describe("a snapshot's freshness", () => {
  const seededAt = new Date("2026-11-29T10:00:00Z");

  it("is fresh up to its maximum age, on the same day in Rome", () => {
    expect(isSnapshotFresh(seededAt, new Date(seededAt.getTime() + SNAPSHOT_MAX_AGE_MS))).toBe(true);
    expect(isSnapshotFresh(seededAt, new Date(seededAt.getTime() + SNAPSHOT_MAX_AGE_MS + 1))).toBe(false);
    expect(isSnapshotFresh(seededAt, new Date(seededAt.getTime() - 1))).toBe(false);
  });

  it("is stale across midnight in Rome, however young", () => {
    const beforeMidnight = new Date("2026-11-29T22:59:00Z");
    expect(isSnapshotFresh(beforeMidnight, new Date("2026-11-29T23:00:30Z"))).toBe(false);
    expect(isSnapshotFresh(beforeMidnight, new Date("2026-11-29T22:59:30Z"))).toBe(true);
  });
});
