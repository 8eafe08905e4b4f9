import {
  hasOpenDay,
  minutesOf,
  SHOP_TIME_ZONE,
  shopClock,
  WEEK_DAYS,
  type WeeklyHours,
} from "./opening-hours.ts";

/**
 * How long the shop keeps the item aside once its offer is accepted ('Te lo teniamo da parte'): by
 * default until its closing time on the next day it is open (its weekly hours, Europe/Rome), or until
 * DEFAULT_HOLD_CLOSE the next day when it has given no hours. acceptOffer stores it as the offer's
 * holdUntil, so both sides read the same moment.
 */
export const DEFAULT_HOLD_CLOSE = "19:00";

const MINUTE_MS = 60_000;

export function defaultHoldUntil(hours: WeeklyHours | undefined, acceptedAt: Date): Date {
  const start = new Date(Math.floor(acceptedAt.getTime() / MINUTE_MS) * MINUTE_MS);
  const { dayIndex, minutes } = shopClock(start);
  let daysAhead = 1;
  let close = DEFAULT_HOLD_CLOSE;
  if (hasOpenDay(hours)) {
    for (let offset = 1; offset <= 7; offset++) {
      const last = hours[WEEK_DAYS[(dayIndex + offset) % 7] ?? "mon"]?.at(-1);
      if (last) {
        daysAhead = offset;
        close = last.close;
        break;
      }
    }
  }
  const target = minutesOf(close);
  let until = new Date(start.getTime() + (daysAhead * 24 * 60 + target - minutes) * MINUTE_MS);
  // Across a change to or from summer time Rome's clock moved by an hour: correct by what it reads.
  const drift = shopClock(until).minutes - target;
  if (drift !== 0 && Math.abs(drift) <= 60) until = new Date(until.getTime() - drift * MINUTE_MS);
  return until;
}

let holdDay: Intl.DateTimeFormat | undefined;
let holdTime: Intl.DateTimeFormat | undefined;

/** 'Te lo teniamo da parte fino a martedì 3 marzo alle 19:30' (in the shop's time). */
export function holdMessage(until: Date): string {
  holdDay ??= new Intl.DateTimeFormat("it-IT", {
    timeZone: SHOP_TIME_ZONE,
    weekday: "long",
    day: "numeric",
    month: "long",
  });
  holdTime ??= new Intl.DateTimeFormat("it-IT", {
    timeZone: SHOP_TIME_ZONE,
    hour: "2-digit",
    minute: "2-digit",
  });
  return `Te lo teniamo da parte fino a ${holdDay.format(until)} alle ${holdTime.format(until)}`;
}
