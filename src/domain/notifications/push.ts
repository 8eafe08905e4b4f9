import { z } from "zod";
import { dateSchema } from "../core/fields.ts";
import { DEVICE_PLATFORMS } from "../core/push-device.ts";
import { minutesOf, openingStatus, shopClock, type WeeklyHours } from "../people/opening-hours.ts";
import {
  NOTIFICATION_KIND,
  type NotificationKind,
  type NotificationPreferencesInput,
  wantsEmail,
  wantsPush,
} from "./notifications.ts";

/**
 * Push notifications (Web Push through Firebase Cloud Messaging, shown by the app's service worker).
 *
 * Devices: users/{uid}/devices/{deviceId}, one per browser, written by its owner only and read by nobody
 * else (the functions read them to send). In production `token` is the FCM registration token; on the
 * emulators no FCM backend exists, so the app registers a local id (`platform: "local"`) and the
 * functions' fake sender records what it would send in devPushOutbox (emulators only).
 */
export const deviceSchema = z.object({
  token: z.string().min(1).max(4096),
  platform: z.enum(DEVICE_PLATFORMS),
  createdAt: dateSchema,
  lastSeenAt: dateSchema,
});
export type Device = z.infer<typeof deviceSchema>;
/** The functions send to at most this many of a user's devices (the newest seen). */
export const MAX_PUSH_DEVICES = 10;
/** The offer form opened from a push says so (`?origin=notifica`): the offers count where they come from. */
export const NEW_REQUEST_ORIGIN = "notifica";
/** The functions' record of a request pushed to a shop, and of a closed shop's summary, lasts this long. */
export const PUSH_RECORD_TTL_MS = 8 * 24 * 60 * 60 * 1000;

/** The data-only message a device receives; the service worker shows it (scripts/pwa/push.js). */
export const pushMessageSchema = z.object({
  title: z.string().min(1).max(200),
  body: z.string().max(600),
  /** An app path (never another origin): the page the notification opens. */
  url: z.string().regex(/^\/(?!\/)[^\s]*$/),
  kind: z.string(),
  /** Same tag, same notification on the device: a newer one replaces it. */
  tag: z.string().max(128),
});
export type PushMessage = z.infer<typeof pushMessageSchema>;

/** Kinds that exist only as a push (no bell entry, no e-mail: the hourly digest carries them there). */
const PUSH_ONLY: readonly NotificationKind[] = [NOTIFICATION_KIND.newRequest];
/**
 * Kinds never pushed: the digest is the e-mail fallback of what was pushed one by one; the moderators'
 * notices (an acknowledgment, a decision with its reasons, an appeal's outcome) go in writing, by e-mail
 * always, which a push reaching a device would otherwise replace.
 */
const NEVER_PUSHED: readonly NotificationKind[] = [
  NOTIFICATION_KIND.requestsNearby,
  NOTIFICATION_KIND.reportReceived,
  NOTIFICATION_KIND.moderationDecision,
  NOTIFICATION_KIND.appealDecided,
];

/** Which switches a kind has in /profile: e-mail unless push only, push unless never pushed. */
export function kindSwitches(kind: NotificationKind): { email: boolean; push: boolean } {
  return { email: !PUSH_ONLY.includes(kind), push: !NEVER_PUSHED.includes(kind) };
}

export interface Channels {
  bell: boolean;
  push: boolean;
  email: boolean;
}

/**
 * The one choice among bell, push and e-mail for a recipient, a kind and the recipient's choices. E-mail
 * here means "may go": notify.ts sends it only if the push reached no device (e-mail is the fallback).
 */
export function channelsFor(
  kind: NotificationKind,
  recipient: { hasDevices: boolean; preferences: NotificationPreferencesInput | undefined },
): Channels {
  const pushOnly = PUSH_ONLY.includes(kind);
  return {
    bell: !pushOnly,
    push: recipient.hasDevices && !NEVER_PUSHED.includes(kind) && wantsPush(recipient.preferences, kind),
    email: !pushOnly && wantsEmail(recipient.preferences, kind),
  };
}

/**
 * Quiet hours: when a shop hears of a new request. Open now, or no hours given: at once. Closed: at its
 * next opening (in Europe/Rome, within a week), as one summary of what arrived meanwhile.
 */
export function pushTiming(hours: WeeklyHours | undefined, now: Date): { now: true } | { at: Date } {
  const status = openingStatus(hours, now);
  if (!status || status.open) return { now: true };
  const { minutes } = shopClock(now);
  const ahead = status.daysAhead * 24 * 60 + minutesOf(status.opensAt) - minutes;
  const guess = new Date(Math.floor(now.getTime() / 60_000) * 60_000 + ahead * 60_000);
  // A summer-time change between now and the opening moves the wall clock by an hour: correct it.
  const drift = shopClock(guess).minutes - minutesOf(status.opensAt);
  const correction = Math.abs(drift) <= 60 ? drift : 0;
  return { at: new Date(guess.getTime() - correction * 60_000) };
}

/** The key of an opening moment (the summary's task and record): its UTC minute. */
export function openingKey(at: Date): string {
  return at.toISOString().slice(0, 16).replace(/[-:]/g, "");
}
