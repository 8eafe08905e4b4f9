import { createHash, randomBytes } from "node:crypto";
import { MAGIC_LINK_TOKEN_BYTES, MAGIC_LINK_TTL_MS } from "@/domain/core/limits";

/** Magic links live 15 minutes (architecture §5); the constant lives in the domain. */
export { MAGIC_LINK_TTL_MS };

/** 32 random bytes, URL-safe. Only its SHA-256 hash is ever stored. */
export function generateMagicLinkToken(): string {
  return randomBytes(MAGIC_LINK_TOKEN_BYTES).toString("base64url");
}

export function hashMagicLinkToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** A token from a URL: base64url of 32 bytes is 43 characters. Anything else is refused before a lookup. */
export function isWellFormedMagicLinkToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}

export interface StoredMagicLink {
  email: string;
  expiresAt: Date;
  usedAt: Date | null;
}

export type MagicLinkCheck = "ok" | "expired" | "used";

export function checkMagicLink(link: StoredMagicLink, now: Date): MagicLinkCheck {
  if (link.usedAt) return "used";
  if (now.getTime() >= link.expiresAt.getTime()) return "expired";
  return "ok";
}
