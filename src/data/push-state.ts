import { PUSH_STORAGE_KEYS } from "@/domain/core/push-device";

/**
 * This browser's push state, without Firebase: what the browser allows and which account's device it
 * holds (local storage). Read on first render by the prompt and /profile; ./push.ts changes it.
 */
export type PushPermission = "default" | "granted" | "denied" | "unsupported";
export type StoredDevice = { uid: string; deviceId: string };

/** What the browser allows now. */
export function pushPermission(): PushPermission {
  if (typeof window === "undefined" || !("Notification" in window) || !("serviceWorker" in navigator))
    return "unsupported";
  return Notification.permission;
}

export function storedPushDevice(): StoredDevice | null {
  try {
    const value = JSON.parse(localStorage.getItem(PUSH_STORAGE_KEYS.pushDevice) ?? "null") as unknown;
    if (value && typeof value === "object" && "uid" in value && "deviceId" in value)
      return { uid: String(value.uid), deviceId: String(value.deviceId) };
  } catch {
    // unreadable: as if none
  }
  return null;
}

/** Whether this browser is `uid`'s push device now. */
export function isPushEnabled(uid: string): boolean {
  return storedPushDevice()?.uid === uid && pushPermission() === "granted";
}
