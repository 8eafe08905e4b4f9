/**
 * 'Attiva le notifiche' and the device switches: when to ask and the Italian words. No zod and no other
 * module, so the prompt that loads with a dashboard carries only this (push.ts has the rest of push).
 */

/** 'Attiva le notifiche': asked again only this long after a 'Non ora'. */
export const PUSH_PROMPT_SNOOZE_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether to show the prompt: permission not yet decided, and not dismissed within the snooze. */
export function shouldAskForPush(input: {
  permission: "default" | "granted" | "denied" | "unsupported";
  enabled: boolean;
  dismissedAt: number | null;
  now: number;
}): boolean {
  if (input.enabled || input.permission === "denied" || input.permission === "unsupported") return false;
  return input.dismissedAt === null || input.now - input.dismissedAt >= PUSH_PROMPT_SNOOZE_DAYS * DAY_MS;
}

/** The Italian words of the push prompt and the /profile switches. */
export const PUSH_MESSAGES = {
  promptTitle: "Attiva le notifiche",
  promptShop:
    "Ti avvisiamo sul telefono o sul computer appena qualcuno vicino a te cerca ciò che vendi, negli orari di apertura del negozio.",
  promptBuyer: "Ti avvisiamo appena un negozio ti fa un'offerta o ti scrive, anche con l'app chiusa.",
  enable: "Attiva le notifiche",
  later: "Non ora",
  enabled: "Notifiche attive su questo dispositivo",
  disable: "Disattiva su questo dispositivo",
  denied: "Le notifiche sono bloccate dal browser: puoi riattivarle dalle impostazioni del sito nel browser.",
  unsupported: "Questo browser non supporta le notifiche.",
  enableError: "Non è stato possibile attivare le notifiche. Riprova.",
  enabledToast: "Notifiche attivate",
  pushColumn: "Sul dispositivo",
  emailColumn: "Email",
  digestLabel: "Riepilogo via email delle nuove richieste",
  digestTwiceDaily: "Al massimo due volte al giorno",
  digestHourly: "Ogni ora",
} as const;
