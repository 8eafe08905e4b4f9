import { describe, expect, it } from "vitest";
import { LAST_SEEN_THROTTLE_MS, NOTIFICATION_AWAY_MS } from "./notifications";

const MINUTE_MS = 60_000;

describe("presence", () => {
  it("stamps at most every 5 minutes, often enough that someone in the app is never taken as away", () => {
    expect(LAST_SEEN_THROTTLE_MS).toBeGreaterThanOrEqual(5 * MINUTE_MS);
    expect(2 * LAST_SEEN_THROTTLE_MS).toBeLessThanOrEqual(NOTIFICATION_AWAY_MS);
  });
});
