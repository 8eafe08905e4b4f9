import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseSchedule, wallClock } from "./scheduled-functions";

const ROME = "Europe/Rome";
const at = (iso: string) => wallClock(new Date(iso), ROME);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith(".ts") && !path.endsWith(".test.ts") ? [path] : [];
  });
}

describe("the local scheduler's clock", () => {
  it("reads the wall clock in the schedule's time zone (Rome is UTC+1 in winter, +2 in summer)", () => {
    expect(at("2026-11-25T08:05:00Z")).toMatchObject({
      hour: 9,
      minute: 5,
      dayOfMonth: 25,
      month: 11,
      dayOfWeek: 3,
    });
    expect(at("2026-07-01T22:30:00Z")).toMatchObject({ hour: 0, minute: 30, dayOfMonth: 2, month: 7 });
  });
});

describe("parseSchedule", () => {
  it("runs '5 * * * *' at five past every hour, Rome time", () => {
    const due = parseSchedule("5 * * * *");
    expect(due(at("2026-11-25T08:05:00Z"))).toBe(true);
    expect(due(at("2026-11-25T08:06:00Z"))).toBe(false);
  });

  it("runs '30 3 * * *' once a day at 03:30 in Rome, not at 03:30 UTC", () => {
    const due = parseSchedule("30 3 * * *");
    expect(due(at("2026-11-25T02:30:00Z"))).toBe(true);
    expect(due(at("2026-11-25T03:30:00Z"))).toBe(false);
  });

  it("runs 'every 60 minutes' once an hour", () => {
    const due = parseSchedule("every 60 minutes");
    const minutes = Array.from({ length: 180 }, (_, i) => new Date(Date.UTC(2026, 10, 25, 0, i)));
    expect(minutes.filter((minute) => due(wallClock(minute, ROME)))).toHaveLength(3);
  });

  it("understands lists and steps, and refuses what it cannot run instead of skipping it", () => {
    expect(parseSchedule("0,30 9 * * 1")(at("2026-11-23T08:30:00Z"))).toBe(true);
    expect(parseSchedule("*/15 * * * *")(at("2026-11-23T08:45:00Z"))).toBe(true);
    expect(parseSchedule("*/15 * * * *")(at("2026-11-23T08:44:00Z"))).toBe(false);
    expect(() => parseSchedule("every monday 09:00")).toThrow(/does not understand/);
    expect(() => parseSchedule("0 9-17/2 * * *")).toThrow(/hour field "9-17\/2"/);
    expect(() => parseSchedule("0 5-3 * * *")).toThrow(/runs backwards/);
  });

  it("understands ranges, alone and in lists: the night sweeps' '15,45 3-5 * * *' (Rome)", () => {
    const due = parseSchedule("15,45 3-5 * * *");
    // 03:15 and 05:45 in Rome (UTC+1 in November) are due; 02:45 and 06:15 are not.
    expect(due(at("2026-11-25T02:15:00Z"))).toBe(true);
    expect(due(at("2026-11-25T04:45:00Z"))).toBe(true);
    expect(due(at("2026-11-25T01:45:00Z"))).toBe(false);
    expect(due(at("2026-11-25T05:15:00Z"))).toBe(false);
    expect(parseSchedule("0 1,3-4 * * *")(at("2026-11-25T02:00:00Z"))).toBe(true);
    expect(parseSchedule("0 1,3-4 * * *")(at("2026-11-25T01:00:00Z"))).toBe(false);
  });

  it("understands every schedule the functions declare", () => {
    const schedules = sourceFiles(join(__dirname, "../../functions/src")).flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/schedule: "([^"]+)"/g)].map((match) => match[1]!),
    );
    expect(schedules.length).toBeGreaterThanOrEqual(5);
    for (const schedule of schedules) expect(() => parseSchedule(schedule)).not.toThrow();
  });
});
