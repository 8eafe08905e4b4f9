/** The push keys of local storage (device-storage.ts has the others; the cookie page lists both). */
export const PUSH_STORAGE_KEYS = {
  /**
   * This browser's push device: its id under users/{uid}/devices and whose it is, so turning
   * notifications off or signing out removes it (src/data/push.ts).
   */
  pushDevice: "vicino.pushDevice",
  /** When 'Attiva le notifiche' was last dismissed with 'Non ora' (src/lib/push-device.ts). */
  pushPromptDismissedAt: "vicino.pushPromptDismissedAt",
} as const;
