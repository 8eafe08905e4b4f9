import { describe, expect, it } from "vitest";
import { ERROR_MESSAGES } from "../core/common-messages.ts";
import {
  browserInfo,
  browserLabel,
  buildClientErrorReport,
  type ClientErrorReport,
  clientErrorEventMessage,
  clientErrorFingerprint,
  clientErrorReportSchema,
  isExpectedFailure,
  pagePath,
  sanitizeClientErrorReport,
  scrubPersonalData,
} from "./client-error.ts";
import { Refusal } from "./errors.ts";

const CHROME_PHONE =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const FIREFOX_DESKTOP = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const EDGE_DESKTOP =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86";

const fromThrow = (error: unknown, pathname = "/customer") =>
  buildClientErrorReport({ kind: "error", error, pathname, release: "abc123", userAgent: CHROME_PHONE });

describe("scrubPersonalData", () => {
  it("takes out e-mail addresses, also URL-encoded", () => {
    expect(scrubPersonalData("No account for giulia.rossi+shop@example.it (or anna%40mail.com)")).toBe(
      "No account for [email] (or [email])",
    );
  });

  it("drops query strings and fragments from URLs and paths, keeping a frame's line and column", () => {
    expect(
      scrubPersonalData(
        "GET https://vicino.it/auth-callback?userType=buyer&oobCode=XYZ#frag failed\n" +
          "    at load (http://127.0.0.1:5173/src/x.ts?t=1712345:12:5)",
      ),
    ).toBe("GET https://vicino.it/auth-callback failed\n    at load (http://127.0.0.1:5173/src/x.ts:12:5)");
    expect(scrubPersonalData("redirect to /auth?email=x")).toBe("redirect to /auth");
  });

  it("replaces tokens and long numbers, not identifiers, uids or stack positions", () => {
    const jwt = "eyJhbGciOiJSUzI1NiIsImtpZCI6IjEyMyJ9.eyJ1aWQiOiJhYmMxMjMifQ.c2lnbmF0dXJlMTIz";
    expect(scrubPersonalData(`token ${jwt} key AIzaSyD-1234567890abcdefghijklmnopqrstu`)).toBe(
      "token [token] key [token]",
    );
    expect(scrubPersonalData("call +39 333 123 4567 or P.IVA 01234567890")).toBe(
      "call [number] or P.IVA [number]",
    );
    const kept =
      "useSyncExternalStoreWithSelector uid kX3mT9qLwPz0aB4cD5eF6gH7iJ8k at x.js:1:23456 on 2026-11-28";
    expect(scrubPersonalData(kept)).toBe(kept);
  });
});

describe("pagePath", () => {
  it("keeps the path without query or fragment, and masks ids", () => {
    expect(pagePath("/customer")).toBe("/customer");
    expect(pagePath("/auth-callback?userType=buyer#x")).toBe("/auth-callback");
    expect(pagePath("/messages/req8Hk2mQ9xLp3Zt7Va1_shopUid99aa")).toBe("/messages/:id");
    expect(pagePath("/negozi/anna@example.it")).toBe("/negozi/:id");
    expect(pagePath("/requests/demo")).toBe("/requests/demo");
    expect(pagePath("nothing")).toBe("/nothing");
  });
});

describe("browserInfo", () => {
  it("keeps the family, major version and whether it is a phone", () => {
    expect(browserInfo(CHROME_PHONE)).toEqual({ family: "chrome", major: 131, mobile: true });
    expect(browserInfo(SAFARI_IPHONE)).toEqual({ family: "safari", major: 17, mobile: true });
    expect(browserInfo(FIREFOX_DESKTOP)).toEqual({ family: "firefox", major: 133, mobile: false });
    expect(browserInfo(EDGE_DESKTOP)).toEqual({ family: "edge", major: 131, mobile: false });
    expect(browserInfo("curl/8.5.0")).toEqual({ family: "other", mobile: false });
    expect(browserLabel(browserInfo(CHROME_PHONE))).toBe("chrome 131 mobile");
  });
});

describe("buildClientErrorReport", () => {
  it("reports an Error with its V8 stack, scrubbed, and passes the endpoint's schema", () => {
    const error = new Error("Utente anna@example.it non trovato");
    const report = fromThrow(error, "/profile?tab=dati");
    expect(report).not.toBeNull();
    expect(clientErrorReportSchema.parse(report)).toEqual(report);
    expect(report).toMatchObject({
      kind: "error",
      message: "Error: Utente [email] non trovato",
      path: "/profile",
      release: "abc123",
      browser: { family: "chrome", major: 131, mobile: true },
    });
    expect(report?.stack).toMatch(/^Error: Utente \[email\] non trovato\n\s+at /);
    expect(JSON.stringify(report)).not.toContain("anna");
    // What Error Reporting reads: the stack as V8 prints it.
    expect(clientErrorEventMessage(report as ClientErrorReport)).toBe(report?.stack);
  });

  it("follows the cause a screen's error wraps", () => {
    const cause = Object.assign(new Error("Missing or insufficient permissions."), {
      code: "permission-denied",
    });
    const report = fromThrow(new Error(ERROR_MESSAGES.generic, { cause }));
    expect(report?.stack).toContain("Caused by: Error: Missing or insufficient permissions.");
  });

  it("reports what is not an Error as text, and skips a cross-origin 'Script error.'", () => {
    expect(fromThrow("boom")).toMatchObject({ message: "boom" });
    expect(fromThrow("boom")?.stack).toBeUndefined();
    expect(fromThrow({ reason: "x", email: "a@b.it" })?.message).toBe(
      'Non-Error thrown: {"reason":"x","email":"[email]"}',
    );
    expect(fromThrow("Script error.")).toBeNull();
  });

  it("cuts the message and the stack to the limits", () => {
    const error = new Error("x".repeat(2000));
    error.stack = `Error: ${"x".repeat(2000)}\n${"    at f (https://vicino.it/a.js:1:1)\n".repeat(500)}`;
    const report = fromThrow(error);
    expect(clientErrorReportSchema.safeParse(report).success).toBe(true);
    expect(report?.message.length).toBeLessThanOrEqual(500);
    expect(report?.stack?.length).toBeLessThanOrEqual(4000);
  });

  it("gives the same error the same fingerprint, and another error another", () => {
    const make = () => new Error("prova");
    const a = fromThrow(make());
    expect(clientErrorFingerprint(a as ClientErrorReport)).toBe(
      clientErrorFingerprint(fromThrow(make()) as ClientErrorReport),
    );
    expect(clientErrorFingerprint(a as ClientErrorReport)).not.toBe(
      clientErrorFingerprint(fromThrow(new Error("altro")) as ClientErrorReport),
    );
  });
});

describe("the endpoint's side", () => {
  const valid: ClientErrorReport = {
    kind: "query",
    message: "TypeError: x is undefined",
    path: "/customer",
    release: "abc123",
    browser: { family: "chrome", major: 131, mobile: true },
  };

  it("refuses junk: unknown fields, a path with a query, an unknown browser, oversize text", () => {
    expect(clientErrorReportSchema.safeParse(valid).success).toBe(true);
    for (const junk of [
      { ...valid, email: "a@b.it" },
      { ...valid, uid: "someone-else" },
      { ...valid, path: "/auth?email=a@b.it" },
      { ...valid, path: "https://evil.example/" },
      { ...valid, browser: { family: "netscape", mobile: false } },
      { ...valid, message: "" },
      { ...valid, message: "x".repeat(501) },
      { ...valid, stack: "x".repeat(4001) },
      { ...valid, release: "a b" },
      { ...valid, kind: "other" },
      "not an object",
    ]) {
      expect(clientErrorReportSchema.safeParse(junk).success, JSON.stringify(junk).slice(0, 80)).toBe(false);
    }
  });

  it("scrubs again what a page sent, whatever the page did", () => {
    const sent = {
      ...valid,
      message: "Errore per mario@example.it",
      stack: "at x (https://vicino.it/?token=abc:1:2)",
    };
    expect(sanitizeClientErrorReport(sent)).toMatchObject({
      message: "Errore per [email]",
      stack: "at x (https://vicino.it/:1:2)",
    });
  });
});

describe("isExpectedFailure", () => {
  const coded = (code: string, message = "x") => Object.assign(new Error(message), { code });

  it("expects callables' refusals, Auth's user errors, the network and our endpoints' 4xx", () => {
    for (const error of [
      coded("functions/failed-precondition", "Operazione non consentita"),
      coded("functions/resource-exhausted"),
      coded("functions/unauthenticated"),
      coded("auth/wrong-password"),
      coded("auth/network-request-failed"),
      coded("unavailable"),
      Object.assign(new Error("Troppi tentativi"), { status: 429 }),
      new TypeError("Failed to fetch"),
      new DOMException("The user aborted a request.", "AbortError"),
      // The app's own refusal, told by its class whatever its text says.
      new Refusal(ERROR_MESSAGES.generic),
      new Refusal("Testo cambiato"),
    ]) {
      expect(isExpectedFailure(error), String(error)).toBe(true);
    }
  });

  it("reports bugs: internal failures, rules refusals, missing indexes, TypeErrors, wrapped or not", () => {
    for (const error of [
      coded("functions/internal"),
      coded("permission-denied"),
      coded("failed-precondition", "The query requires an index."),
      coded("auth/internal-error"),
      Object.assign(new Error("Errore"), { status: 500 }),
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      new Error(ERROR_MESSAGES.generic, { cause: new TypeError("x is not a function") }),
      new Error(ERROR_MESSAGES.generic, { cause: coded("permission-denied") }),
      // A catalogue text alone says nothing: only a Refusal is the app's own.
      new Error(ERROR_MESSAGES.generic),
      "a string",
    ]) {
      expect(isExpectedFailure(error), String(error)).toBe(false);
    }
    expect(
      isExpectedFailure(new Error(ERROR_MESSAGES.generic, { cause: coded("functions/not-found") })),
    ).toBe(true);
  });
});
