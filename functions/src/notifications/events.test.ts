import { describe, expect, it } from "vitest";
import { isAway, isOldMessage } from "./events";

const now = new Date("2026-11-25T10:00:00Z");
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

describe("who hears of a new message", () => {
  it("a recipient never seen, or seen 10 minutes ago or more, is away", () => {
    expect(isAway(undefined, now)).toBe(true);
    expect(isAway(minutesAgo(10), now)).toBe(true);
    expect(isAway(minutesAgo(9), now)).toBe(false);
  });

  it("a message older than 10 minutes when its trigger runs is history (the seed's, an import)", () => {
    expect(isOldMessage(minutesAgo(0), now)).toBe(false);
    expect(isOldMessage(minutesAgo(10), now)).toBe(false);
    expect(isOldMessage(minutesAgo(11), now)).toBe(true);
    expect(isOldMessage(minutesAgo(60 * 24), now)).toBe(true);
    expect(isOldMessage(undefined, now)).toBe(false);
  });
});
