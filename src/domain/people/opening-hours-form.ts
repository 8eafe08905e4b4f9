import { invalid, type ValidationResult, valid } from "../core/validation.ts";
import {
  MAX_RANGES_PER_DAY,
  minutesOf,
  TIME_PATTERN,
  type TimeRange,
  WEEK_DAYS,
  type WeekDay,
  type WeeklyHours,
} from "./opening-hours.ts";
import { OPENING_HOURS_ERRORS } from "./opening-hours-messages.ts";

/**
 * The opening hours as the profile's editor holds them: each day open or not, with its ranges as typed
 * in the time fields ('' while empty). A closed day keeps what was typed, so ticking it again gives it back.
 */
export type DayDraft = { open: boolean; ranges: TimeRange[] };
export type WeekDraft = Record<WeekDay, DayDraft>;

/** What a day starts from when the shop ticks it the first time. */
export const DEFAULT_RANGE: TimeRange = { open: "09:00", close: "19:00" };
/** The afternoon a second range starts from. */
export const DEFAULT_SECOND_RANGE: TimeRange = { open: "15:00", close: "19:00" };

export function weekDraftOf(hours: WeeklyHours | undefined): WeekDraft {
  return Object.fromEntries(
    WEEK_DAYS.map((day) => {
      const ranges = hours?.[day] ?? [];
      return [
        day,
        ranges.length > 0
          ? { open: true, ranges: ranges.map((range) => ({ ...range })) }
          : { open: false, ranges: [{ ...DEFAULT_RANGE }] },
      ];
    }),
  ) as WeekDraft;
}

/** The editor's days as stored hours (open days only), or the first day's mistake in Italian. */
export function weeklyHoursFromDraft(draft: WeekDraft): ValidationResult<WeeklyHours> {
  const hours: WeeklyHours = {};
  for (const day of WEEK_DAYS) {
    const { open, ranges } = draft[day];
    if (!open) continue;
    // A time field stops at 23:59: closing at '00:00' is closing at midnight, the end of the day.
    const kept = ranges
      .slice(0, MAX_RANGES_PER_DAY)
      .map((range) => (range.close === "00:00" ? { ...range, close: "24:00" } : range));
    for (const [index, range] of kept.entries()) {
      if (!TIME_PATTERN.test(range.open) || !TIME_PATTERN.test(range.close))
        return invalid(OPENING_HOURS_ERRORS.missingTime(day));
      if (minutesOf(range.open) >= minutesOf(range.close))
        return invalid(OPENING_HOURS_ERRORS.closeBeforeOpen(day));
      const previous = kept[index - 1];
      if (previous && minutesOf(range.open) < minutesOf(previous.close))
        return invalid(OPENING_HOURS_ERRORS.overlap(day));
    }
    if (kept.length > 0) hours[day] = kept.map(({ open: from, close }) => ({ open: from, close }));
  }
  return valid(hours);
}
