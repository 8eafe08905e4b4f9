import { useCallback, useState } from "react";
import { isPushEnabled, type PushPermission, pushPermission } from "@/data/push-state";
import { PUSH_STORAGE_KEYS } from "@/domain/core/push-device";
import { shouldAskForPush } from "@/domain/notifications/push-messages";

/**
 * This browser's push state for `uid`, and the actions that change it: src/data/push.ts (with, on a
 * real project, firebase/messaging) loads only when the user turns notifications on or off.
 */
export function usePushDevice(uid: string) {
  const [permission, setPermission] = useState<PushPermission>(pushPermission);
  const [enabled, setEnabled] = useState(() => isPushEnabled(uid));

  const enable = useCallback(async (): Promise<boolean> => {
    const { enablePush } = await import("@/data/push");
    const given = await enablePush(uid);
    setPermission(given);
    setEnabled(given === "granted");
    return given === "granted";
  }, [uid]);

  const disable = useCallback(async (): Promise<void> => {
    const { disablePush } = await import("@/data/push");
    await disablePush(uid);
    setEnabled(false);
  }, [uid]);

  return { permission, enabled, enable, disable };
}

function dismissedAt(): number | null {
  const value = Number(localStorage.getItem(PUSH_STORAGE_KEYS.pushPromptDismissedAt));
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** Whether 'Attiva le notifiche' should be offered now, and 'Non ora' (asked again in some days). */
export function usePushPrompt(uid: string) {
  const device = usePushDevice(uid);
  const [dismissed, setDismissed] = useState(dismissedAt);
  const visible = shouldAskForPush({
    permission: device.permission,
    enabled: device.enabled,
    dismissedAt: dismissed,
    now: Date.now(),
  });
  const later = useCallback(() => {
    const now = Date.now();
    localStorage.setItem(PUSH_STORAGE_KEYS.pushPromptDismissedAt, String(now));
    setDismissed(now);
  }, []);
  return { ...device, visible, later };
}
