import { COLLECTIONS } from "./collections";

/**
 * What Firestore deletes by itself (TTL), as the privacy notice promises (legal-privacy.ts, "Per quanto
 * tempo li conserviamo"): each collection and the Timestamp field its documents expire at. Declared for
 * deploy in firestore.indexes.json (`fieldOverrides` with `ttl: true`), which `npm run deploy:check`
 * checks against this list.
 */
export const TTL_POLICIES = [
  /** A magic link's 15 minutes (functions/src/auth/magic-link.ts). */
  { collection: COLLECTIONS.magicLinks, field: "expiresAt" },
  /** The end of a rate-limit window (functions/src/lib/rate-limit.ts). */
  { collection: COLLECTIONS.rateLimits, field: "expiresAt" },
  /** A request pushed to a shop and a closed shop's summary, after a week (functions/src/fanout/request-push.ts). */
  { collection: COLLECTIONS.notificationState, field: "expireAt" },
  /** A shop's hour inbox, two days after its digest (functions/src/fanout/request-fanout.ts). */
  { collection: COLLECTIONS.digestInbox, field: "expireAt" },
  /** Offer prices once no guidance window holds their day (priceDayExpiry, price-stats.ts): dead weight. */
  { collection: COLLECTIONS.priceEntries, field: "expiresAt" },
  { collection: COLLECTIONS.priceDays, field: "expiresAt" },
  { collection: COLLECTIONS.priceBuilds, field: "expiresAt" },
  /** A run the deploy smoke test left behind (scripts/smoke). */
  { collection: COLLECTIONS.smokeRuns, field: "expiresAt" },
] as const;
