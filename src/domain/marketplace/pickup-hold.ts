import { z } from "zod";
import { idSchema, requiredText } from "../core/fields.ts";
import { SHORT_TEXT_MAX_LENGTH } from "../core/limits.ts";
import {
  hasOpenDay,
  minutesOf,
  SHOP_TIME_ZONE,
  shopClock,
  WEEK_DAYS,
  type WeeklyHours,
} from "../people/opening-hours.ts";
import { HOLD_MESSAGES, HOLD_REFUSALS } from "./pickup-hold-messages.ts";

/**
 * How long the shop keeps the item aside once its offer is accepted ('Te lo teniamo da parte'): by
 * default until its closing time on the next day it is open (its weekly hours, Europe/Rome), or until
 * DEFAULT_HOLD_CLOSE the next day when it has given no hours. acceptOffer stores it as the offer's
 * holdUntil, so both sides read the same moment.
 */
export const DEFAULT_HOLD_CLOSE = "19:00";

const MINUTE_MS = 60_000;

export function defaultHoldUntil(hours: WeeklyHours | undefined, acceptedAt: Date): Date {
  return closingHoldUntil(hours, acceptedAt, 1);
}

/** Closing time on the `openDays`-th day the shop is open after the accept (19:00 without hours). */
function closingHoldUntil(hours: WeeklyHours | undefined, acceptedAt: Date, openDays: number): Date {
  const start = new Date(Math.floor(acceptedAt.getTime() / MINUTE_MS) * MINUTE_MS);
  const { dayIndex, minutes } = shopClock(start);
  let daysAhead = openDays;
  let close = DEFAULT_HOLD_CLOSE;
  if (hasOpenDay(hours)) {
    let found = 0;
    for (let offset = 1; offset <= 7 * openDays; offset++) {
      const last = hours[WEEK_DAYS[(dayIndex + offset) % 7] ?? "mon"]?.at(-1);
      if (last && ++found === openDays) {
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

/** 'martedì 3 marzo alle 19:30' (in the shop's time). */
export function holdMoment(until: Date): string {
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
  return `${holdDay.format(until)} alle ${holdTime.format(until)}`;
}

/** 'Te lo teniamo da parte fino a martedì 3 marzo alle 19:30' (in the shop's time). */
export function holdMessage(until: Date): string {
  return `Te lo teniamo da parte fino a ${holdMoment(until)}`;
}

/**
 * The hold the shop chooses when it offers (/make-offer): until closing time the next day it is open
 * (the default), the one after, or three days from the accept. The offer stores the choice; acceptOffer
 * turns it into holdUntil.
 */
export const HOLD_CHOICES = ["nextClose", "secondClose", "threeDays"] as const;
export type HoldChoice = (typeof HOLD_CHOICES)[number];
export const DEFAULT_HOLD_CHOICE: HoldChoice = "nextClose";
export const holdChoiceSchema = z.enum(HOLD_CHOICES, { error: HOLD_REFUSALS.invalidChoice });

/** The shop's choice in words: 'Fino a domani alla chiusura' (an offer sent before the choice: the default). */
export function holdChoiceText(choice: HoldChoice | undefined): string {
  return HOLD_MESSAGES.choices[choice ?? DEFAULT_HOLD_CHOICE];
}

/** Before 'Accetta': 'Se accetti, il negozio te lo tiene da parte: fino a domani alla chiusura.' */
export function offeredHoldMessage(choice: HoldChoice | undefined): string {
  const text = holdChoiceText(choice);
  return `${HOLD_MESSAGES.offeredIntro}: ${text.charAt(0).toLowerCase()}${text.slice(1)}.`;
}

const THREE_DAYS_MS = 3 * 24 * 60 * MINUTE_MS;

export function holdUntilFor(
  choice: HoldChoice | undefined,
  hours: WeeklyHours | undefined,
  acceptedAt: Date,
): Date {
  if (choice === "threeDays")
    return new Date(Math.floor(acceptedAt.getTime() / MINUTE_MS) * MINUTE_MS + THREE_DAYS_MS);
  return closingHoldUntil(hours, acceptedAt, choice === "secondClose" ? 2 : 1);
}

/** The buyer is reminded this long before the hold ends (functions/src/deals/hold-reminders.ts). */
export const HOLD_REMINDER_LEAD_MS = 3 * 60 * MINUTE_MS;

/** Midnight of `now`'s day in the shop's time (Europe/Rome): where 'Ritiri di oggi' starts. */
export function shopDayStart(now: Date): Date {
  const minute = Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS;
  return new Date(minute - shopClock(new Date(minute)).minutes * MINUTE_MS);
}

/** At most this many of the shop's holds on its dashboard's 'Ritiri di oggi' (one bounded query). */
export const TODAYS_PICKUPS_MAX = 20;

/** Who let the hold go: the buyer (no longer coming) or the shop (can no longer keep it aside). */
export const HOLD_RELEASED_BY = ["customer", "merchant"] as const;
export type HoldReleasedBy = (typeof HOLD_RELEASED_BY)[number];

export const releaseHoldInputSchema = z.object({
  offerId: idSchema,
  reason: requiredText(SHORT_TEXT_MAX_LENGTH, HOLD_REFUSALS.reasonRequired),
});
export type ReleaseHoldInput = z.input<typeof releaseHoldInputSchema>;
export const releaseHoldOutputSchema = z.object({ offerId: idSchema, releasedBy: z.enum(HOLD_RELEASED_BY) });
export type ReleaseHoldOutput = z.infer<typeof releaseHoldOutputSchema>;

export { HOLD_MESSAGES, HOLD_REFUSALS };
