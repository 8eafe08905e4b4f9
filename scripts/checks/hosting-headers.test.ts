import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { hostingHeaders, parseCsp } from "../bench/hosting-headers";

// The security headers Firebase Hosting sends with every page (firebase.json hosting.headers): what keeps
// injected script, framing and plain-http loads out of the app.

const headers = hostingHeaders(JSON.parse(readFileSync("firebase.json", "utf8")));
const csp = parseCsp(headers["content-security-policy"] ?? "");

describe("firebase.json hosting headers", () => {
  it("sends each security header for every path", () => {
    expect(headers).toMatchObject({
      "referrer-policy": "strict-origin-when-cross-origin",
      "permissions-policy": "camera=(self), microphone=(self), geolocation=(self)",
      "strict-transport-security": "max-age=31536000; includeSubDomains",
      "x-content-type-options": "nosniff",
    });
    expect(headers["content-security-policy"]).toBeDefined();
  });

  it("has a CSP of the own origin plus exactly the Google origins the app uses", () => {
    expect(csp).toEqual({
      "default-src": ["'self'"],
      "script-src": [
        "'self'",
        "https://apis.google.com",
        "https://www.google.com/recaptcha/",
        "https://www.gstatic.com/recaptcha/",
      ],
      "connect-src": [
        "'self'",
        "https://firestore.googleapis.com",
        "https://identitytoolkit.googleapis.com",
        "https://securetoken.googleapis.com",
        "https://*.cloudfunctions.net",
        "https://content-firebaseappcheck.googleapis.com",
      ],
      "frame-src": [
        "'self'",
        "https://*.firebaseapp.com",
        "https://accounts.google.com",
        "https://www.google.com",
      ],
      "img-src": ["'self'", "data:", "blob:", "https://lh3.googleusercontent.com"],
      "style-src": ["'self'"],
      "font-src": ["'self'"],
      "object-src": ["'none'"],
      "base-uri": ["'self'"],
      "form-action": ["'self'"],
      "frame-ancestors": ["'none'"],
    });
  });

  it("allows no eval, no inline script and no bare wildcard or scheme-wide source", () => {
    for (const [directive, sources] of Object.entries(csp)) {
      for (const source of sources) {
        expect(source, directive).not.toBe("*");
        expect(source, directive).not.toBe("'unsafe-eval'");
        expect(source, directive).not.toBe("https:");
        expect(source, directive).not.toBe("http:");
        if (directive !== "img-src") expect(source, directive).not.toMatch(/^(data|blob):$/);
        if (directive === "script-src") expect(source).not.toMatch(/^'unsafe-/);
        // A wildcard only as a subdomain of a named https host.
        if (source.includes("*")) expect(source, directive).toMatch(/^https:\/\/\*\.[a-z0-9-]+\.[a-z]+$/);
      }
    }
  });
});

describe("parseCsp", () => {
  it("splits directives and sources", () => {
    expect(parseCsp("default-src 'self'; img-src 'self' data: ;")).toEqual({
      "default-src": ["'self'"],
      "img-src": ["'self'", "data:"],
    });
  });
});

describe("firebase.json headers of the installable app", () => {
  const rules = (
    JSON.parse(readFileSync("firebase.json", "utf8")) as {
      hosting: { headers: { source: string; headers: { key: string; value: string }[] }[] };
    }
  ).hosting.headers;
  const headersOf = (source: string) =>
    Object.fromEntries(
      (rules.find((rule) => rule.source === source)?.headers ?? []).map(({ key, value }) => [key, value]),
    );

  it("never lets a browser or CDN keep an old service worker, manifest or offline page", () => {
    expect(headersOf("/sw.js")).toEqual({ "Cache-Control": "no-cache", "Service-Worker-Allowed": "/" });
    expect(headersOf("/manifest.webmanifest")).toMatchObject({ "Cache-Control": "no-cache" });
    expect(headersOf("/offline.html")).toEqual({ "Cache-Control": "no-cache" });
    expect(headersOf("/offline.js")).toEqual({ "Cache-Control": "no-cache" });
  });

  it("lets the CSP load the manifest and the worker from the own origin (default-src 'self')", () => {
    expect(csp["manifest-src"] ?? csp["default-src"]).toEqual(["'self'"]);
    expect(csp["worker-src"] ?? csp["script-src"]).toContain("'self'");
  });
});
