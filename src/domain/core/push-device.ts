/**
 * A push device's plain constants, without zod, for the code that registers it (src/data/push.ts) and the
 * pages that read its state: its local storage keys (device-storage.ts has the others; the cookie page
 * lists both), its document's fields (users/{uid}/devices/{deviceId}, deviceSchema in
 * notifications/push.ts) and the emulators' local token prefix.
 */
export const PUSH_STORAGE_KEYS = {
  /**
   * This browser's push device: its id under users/{uid}/devices and whose it is, so turning
   * notifications off or signing out removes it (src/data/push.ts).
   */
  pushDevice: "vicino.pushDevice",
  /** When 'Attiva le notifiche' was last dismissed with 'Non ora' (src/lib/push-device.ts). */
  pushPromptDismissedAt: "vicino.pushPromptDismissedAt",
} as const;

export const DEVICE_PLATFORMS = ["web", "local"] as const;
export const DEVICE_FIELDS = {
  token: "token",
  platform: "platform",
  createdAt: "createdAt",
  lastSeenAt: "lastSeenAt",
} as const;
/** A local device's token starts so (emulators: the fake sender, never FCM). */
export const LOCAL_DEVICE_PREFIX = "local-";
