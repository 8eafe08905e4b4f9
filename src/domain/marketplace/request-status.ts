// Request statuses by name without zod: the shop feed's queries (src/data/feed-query.ts) are built
// before zod has loaded on a page load. ./state-machine.ts re-exports them with their schema.

/** Request statuses by name, for code that sets or queries one (`REQUEST_STATUS.active`). */
export const REQUEST_STATUS = {
  active: "active",
  inProgress: "in_progress",
  completed: "completed",
  cancelled: "cancelled",
  /** Past its expiresAt with no deal (the daily sweep); the buyer may renew it (request-life.ts). */
  expired: "expired",
  /**
   * Published by an account whose e-mail is not proven: stored, but no shop sees it (every shop path,
   * the rules included, asks for `active`) until the address is proven, which makes it active
   * (functions/src/requests/release-held.ts). The buyer's card says why and resends the link.
   */
  awaitingEmail: "awaiting_email",
  /**
   * Its buyer's account is suspended (moderateReport): like awaiting_email, stored but seen by no shop
   * (every feed, the fan-out, digests and group offers ask for `active`) and taking no offer; lifting
   * the suspension makes it active again (functions/src/moderation/suspension.ts).
   */
  suspended: "suspended",
} as const;
