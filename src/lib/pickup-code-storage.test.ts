// @vitest-environment jsdom
import { readFileSync } from "node:fs";
import { beforeEach, describe, expect, it } from "vitest";
import { DEVICE_STORAGE_KEYS } from "@/domain/core/device-storage";
import { PICKUP_MESSAGES } from "@/domain/marketplace/pickup";
import {
  forgetPickupCode,
  keepPickupCodesOf,
  readKeptPickupCodes,
  readPickupCode,
  savePickupCode,
  savePickupQr,
} from "./pickup-code-storage";

const KEY = DEVICE_STORAGE_KEYS.pickupCodes;
const BUYER = "buyer-1";
const HOUR = 60 * 60_000;
const QR = { path: "M2 2h1v1h-1zM3 2h1v1h-1z", size: 25 };

beforeEach(() => localStorage.clear());

describe("the pickup codes kept on the device", () => {
  it("keeps a code with what the offline page shows, and its QR once drawn for that code", () => {
    const until = Date.now() + 5 * HOUR;
    savePickupCode(BUYER, "deal-1", "ACDEFG", { until, label: "Lampada · Navigli", note: "Fino a…" });
    savePickupQr(BUYER, "deal-1", "HJKMNP", QR); // another code's drawing: ignored
    expect(readKeptPickupCodes(BUYER)["deal-1"]).toEqual({
      code: "ACDEFG",
      until,
      label: "Lampada · Navigli",
      note: "Fino a…",
    });
    savePickupQr(BUYER, "deal-1", "ACDEFG", QR);
    expect(readKeptPickupCodes(BUYER)["deal-1"]?.qr).toEqual(QR);
    // Shown again: the details refresh, the drawing stays.
    savePickupCode(BUYER, "deal-1", "ACDEFG", { until, label: "Lampada · Navigli" });
    expect(readKeptPickupCodes(BUYER)["deal-1"]).toMatchObject({ code: "ACDEFG", qr: QR });
  });

  it("drops a code once its hold has ended", () => {
    const until = Date.now() + HOUR;
    savePickupCode(BUYER, "deal-1", "ACDEFG", { until });
    savePickupCode(BUYER, "deal-2", "HJKMNP");
    expect(readPickupCode(BUYER, "deal-1")).toBe("ACDEFG");
    expect(readPickupCode(BUYER, "deal-1", until + 1)).toBeNull();
    expect(readPickupCode(BUYER, "deal-2", until + 1)).toBe("HJKMNP");
  });

  it("forgets a used code and leaves the others", () => {
    savePickupCode(BUYER, "deal-1", "ACDEFG");
    savePickupCode(BUYER, "deal-2", "HJKMNP");
    forgetPickupCode(BUYER, "deal-1");
    expect(readPickupCode(BUYER, "deal-1")).toBeNull();
    expect(readPickupCode(BUYER, "deal-2")).toBe("HJKMNP");
    const before = localStorage.getItem(KEY);
    forgetPickupCode(BUYER, "deal-1"); // nothing kept: nothing written
    expect(localStorage.getItem(KEY)).toBe(before);
  });

  it("reads the bare codes kept before, refuses a drawing that is not a path, and only one account's", () => {
    localStorage.setItem(KEY, JSON.stringify({ uid: BUYER, codes: { "deal-1": "ACDEFG" } }));
    expect(readPickupCode(BUYER, "deal-1")).toBe("ACDEFG");
    savePickupQr(BUYER, "deal-1", "ACDEFG", { path: '"/><script>', size: 25 });
    expect(readKeptPickupCodes(BUYER)["deal-1"]?.qr).toBeUndefined();
    expect(readPickupCode("someone-else", "deal-1")).toBeNull();
    keepPickupCodesOf("someone-else");
    expect(localStorage.getItem(KEY)).toBeNull();
  });
});

describe("the offline page (public/offline.html and offline.js)", () => {
  const html = readFileSync("public/offline.html", "utf8");
  const script = readFileSync("public/offline.js", "utf8");
  const openOfflinePage = () => {
    document.documentElement.innerHTML = html.replace(/^<!doctype html>\s*<html[^>]*>/i, "");
    new Function(script)();
  };
  const cards = () => [...document.querySelectorAll<HTMLElement>("#pickup-codes section")];

  it("reads the app's storage entry and says what the app says", () => {
    expect(script).toContain(`const KEY = "${KEY}";`);
    for (const text of [PICKUP_MESSAGES.codeTitle, PICKUP_MESSAGES.qrLabel, PICKUP_MESSAGES.codeHint]) {
      expect(html).toContain(text);
    }
  });

  it("shows each code still held, large and as its QR, with what it is for and until when", () => {
    savePickupCode(BUYER, "deal-1", "ACDEFG", {
      until: Date.now() + HOUR,
      label: "Lampada da scrivania LED · Elettronica Navigli",
      note: "Te lo teniamo da parte fino a lunedì 30 novembre alle 19:30",
    });
    savePickupQr(BUYER, "deal-1", "ACDEFG", QR);
    savePickupCode(BUYER, "deal-2", "HJKMNP");
    // One whose hold has ended, as a device would still hold it.
    const stored = JSON.parse(localStorage.getItem(KEY) ?? "{}");
    stored.codes["deal-3"] = { code: "QRTUVW", until: Date.now() - HOUR };
    localStorage.setItem(KEY, JSON.stringify(stored));

    openOfflinePage();
    expect(document.getElementById("pickup-codes")?.hidden).toBe(false);
    const [first, second, ...rest] = cards();
    expect(rest).toEqual([]);
    expect(first?.getAttribute("aria-label")).toBe(PICKUP_MESSAGES.codeTitle);
    expect(first?.querySelector("[data-code]")?.textContent).toBe("ACDEFG");
    expect(first).toHaveProperty("textContent", expect.stringContaining("Elettronica Navigli"));
    expect(first).toHaveProperty("textContent", expect.stringContaining("alle 19:30"));
    const qr = first?.querySelector('svg[role="img"]');
    expect(qr?.getAttribute("aria-label")).toBe(PICKUP_MESSAGES.qrLabel);
    expect(qr?.getAttribute("viewBox")).toBe("0 0 25 25");
    expect(qr?.querySelector("path")?.getAttribute("d")).toBe(QR.path);
    // Kept before its QR was drawn: the code alone.
    expect(second?.querySelector("[data-code]")?.textContent).toBe("HJKMNP");
    expect(second?.querySelector("svg")).toBeNull();
  });

  it("stays the plain offline page when nothing is kept or the entry is not the app's", () => {
    openOfflinePage();
    expect(document.getElementById("pickup-codes")?.hidden).toBe(true);
    localStorage.setItem(KEY, "{not json");
    openOfflinePage();
    expect(cards()).toEqual([]);
  });
});
