import { describe, expect, it } from "vitest";
import { decideRate, EMAIL_RATE_POLICY } from "../lib/rate-limit-policy";
import {
  checkMagicLink,
  generateMagicLinkToken,
  hashMagicLinkToken,
  isWellFormedMagicLinkToken,
  MAGIC_LINK_TTL_MS,
} from "./magic-link-token";

describe("magic-link tokens", () => {
  it("are 32 random bytes, url-safe, different every time", () => {
    const a = generateMagicLinkToken();
    const b = generateMagicLinkToken();
    expect(a).not.toBe(b);
    expect(Buffer.from(a, "base64url")).toHaveLength(32);
    expect(isWellFormedMagicLinkToken(a)).toBe(true);
    expect(isWellFormedMagicLinkToken("abc")).toBe(false);
    expect(isWellFormedMagicLinkToken(`${a.slice(0, 42)}/`)).toBe(false);
  });

  it("hash to a stable SHA-256 hex that does not contain the token", () => {
    const token = generateMagicLinkToken();
    const hash = hashMagicLinkToken(token);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).toBe(hashMagicLinkToken(token));
    expect(hash).not.toContain(token);
  });

  it("expire after 15 minutes and work only once", () => {
    const created = new Date("2026-03-01T10:00:00Z");
    const expiresAt = new Date(created.getTime() + MAGIC_LINK_TTL_MS);
    const link = { email: "a@b.it", expiresAt, usedAt: null };
    expect(checkMagicLink(link, new Date(expiresAt.getTime() - 1))).toBe("ok");
    expect(checkMagicLink(link, expiresAt)).toBe("expired");
    expect(checkMagicLink({ ...link, usedAt: created }, created)).toBe("used");
  });
});

describe("decideRate", () => {
  const now = new Date("2026-03-01T10:00:00Z");
  it("allows up to max hits in a window, then refuses until the window is over", () => {
    let window: Parameters<typeof decideRate>[0];
    for (let i = 0; i < EMAIL_RATE_POLICY.max; i++) {
      const decision = decideRate(window, EMAIL_RATE_POLICY, now);
      expect(decision.allowed).toBe(true);
      window = decision.next;
    }
    expect(decideRate(window, EMAIL_RATE_POLICY, now).allowed).toBe(false);
    const later = new Date(now.getTime() + EMAIL_RATE_POLICY.windowMs);
    const fresh = decideRate(window, EMAIL_RATE_POLICY, later);
    expect(fresh).toEqual({ allowed: true, next: { windowStart: later, count: 1 } });
  });
});
