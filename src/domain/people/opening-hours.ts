import { z } from "zod";

/**
 * A shop's opening hours as days and times (users/{uid}.weeklyHours, projected to profiles/{uid}.shop):
 * for each day of the week up to MAX_RANGES_PER_DAY ranges ('09:30'-'13:00', '15:00'-'19:30'), in the
 * shop's time, Europe/Rome. A day absent or without ranges is closed; hours with no open day at all are
 * no hours (the shop has not given them). A range ends on its own day ('24:00' at the latest), so a
 * buyer reads at a glance whether the shop is open now and until when. firestore.rules mirrors the
 * shape (isWeeklyHours). The free text of `openingHours` stays beside it: notes, or hours written
 * before days and times existed, shown as they are.
 */
export const WEEK_DAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];
export const MAX_RANGES_PER_DAY = 2;
/** The shop's time zone: every shop is in Italy. */
export const SHOP_TIME_ZONE = "Europe/Rome";

/** 'HH:MM' on a 24-hour clock, '00:00' to '24:00'. */
export const TIME_PATTERN = /^(?:(?:[01]\d|2[0-3]):[0-5]\d|24:00)$/;

export type TimeRange = { open: string; close: string };
export type DayHours = TimeRange[];
export type WeeklyHours = Partial<Record<WeekDay, DayHours>>;

/** Minutes since midnight of an 'HH:MM' time. */
export function minutesOf(time: string): number {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  return hours * 60 + minutes;
}

/** Each range opens before it closes; a second range starts once the first has closed. */
export function isValidDay(ranges: DayHours): boolean {
  return ranges.every(
    (range, index) =>
      TIME_PATTERN.test(range.open) &&
      TIME_PATTERN.test(range.close) &&
      minutesOf(range.open) < minutesOf(range.close) &&
      (index === 0 || minutesOf(range.open) >= minutesOf(ranges[index - 1]?.close ?? "00:00")),
  );
}

const timeRangeSchema = z
  .object({ open: z.string().regex(TIME_PATTERN), close: z.string().regex(TIME_PATTERN) })
  .strict();
const dayHoursSchema = z.array(timeRangeSchema).max(MAX_RANGES_PER_DAY).refine(isValidDay);

export const weeklyHoursSchema = z
  .object({
    mon: dayHoursSchema.optional(),
    tue: dayHoursSchema.optional(),
    wed: dayHoursSchema.optional(),
    thu: dayHoursSchema.optional(),
    fri: dayHoursSchema.optional(),
    sat: dayHoursSchema.optional(),
    sun: dayHoursSchema.optional(),
  })
  .strict();

/** Some day is open: the shop has given its hours. */
export function hasOpenDay(hours: WeeklyHours | undefined): hours is WeeklyHours {
  return hours !== undefined && WEEK_DAYS.some((day) => (hours[day]?.length ?? 0) > 0);
}

const WEEKDAY_INDEX: Readonly<Record<string, number>> = {
  Mon: 0,
  Tue: 1,
  Wed: 2,
  Thu: 3,
  Fri: 4,
  Sat: 5,
  Sun: 6,
};

let romeClock: Intl.DateTimeFormat | undefined;

/** The day of the week (0 = Monday) and the minutes since midnight at `at` in Europe/Rome. */
export function shopClock(at: Date): { dayIndex: number; minutes: number } {
  romeClock ??= new Intl.DateTimeFormat("en-US", {
    timeZone: SHOP_TIME_ZONE,
    weekday: "short",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  const parts = Object.fromEntries(romeClock.formatToParts(at).map((part) => [part.type, part.value]));
  return {
    dayIndex: WEEKDAY_INDEX[parts.weekday ?? "Mon"] ?? 0,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/**
 * Open or closed at `at`, and the next change: open until `closesAt`, or closed until `opensAt` on the
 * day `daysAhead` from today (0 today, 1 tomorrow…, up to 7: the same weekday next week). Undefined for
 * hours with no open day.
 */
export type OpeningStatus =
  | { open: true; closesAt: string }
  | { open: false; opensAt: string; day: WeekDay; daysAhead: number };

export function openingStatus(hours: WeeklyHours | undefined, at: Date): OpeningStatus | undefined {
  if (!hasOpenDay(hours)) return undefined;
  const { dayIndex, minutes } = shopClock(at);
  const dayAt = (offset: number) => WEEK_DAYS[(dayIndex + offset) % 7] as WeekDay;
  const today = hours[dayAt(0)] ?? [];
  const current = today.find((range) => minutesOf(range.open) <= minutes && minutes < minutesOf(range.close));
  if (current) return { open: true, closesAt: current.close };
  const later = today.find((range) => minutesOf(range.open) > minutes);
  if (later) return { open: false, opensAt: later.open, day: dayAt(0), daysAhead: 0 };
  for (let offset = 1; offset <= 7; offset++) {
    const first = hours[dayAt(offset)]?.[0];
    if (first) return { open: false, opensAt: first.open, day: dayAt(offset), daysAhead: offset };
  }
  return undefined;
}

/** Today's day of the week in the shop's time, to mark its row. */
export function shopToday(at: Date): WeekDay {
  return WEEK_DAYS[shopClock(at).dayIndex] as WeekDay;
}
