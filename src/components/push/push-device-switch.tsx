import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { PUSH_MESSAGES } from "@/domain/notifications/push-messages";
import { usePushDevice } from "@/lib/push-device";

/**
 * This browser's notifications in /profile: 'Attiva le notifiche' (the browser asks for the permission)
 * or, once on, 'Disattiva su questo dispositivo'; says so when the browser blocks them or has none.
 */
export function PushDeviceSwitch({ uid }: { uid: string }) {
  const device = usePushDevice(uid);
  const [busy, setBusy] = useState(false);
  const { toast, toastError } = useToast();

  if (device.permission === "unsupported")
    return <p className="text-sm text-slate-600">{PUSH_MESSAGES.unsupported}</p>;
  if (device.permission === "denied") return <p className="text-sm text-slate-600">{PUSH_MESSAGES.denied}</p>;

  const run = async (action: () => Promise<boolean>) => {
    setBusy(true);
    try {
      if (await action()) toast({ title: PUSH_MESSAGES.enabledToast });
    } catch (cause) {
      console.error("Push device change failed", cause);
      toastError(PUSH_MESSAGES.enableError);
    } finally {
      setBusy(false);
    }
  };

  return device.enabled ? (
    <div className="flex flex-wrap items-center gap-3">
      <p role="status" className="text-sm text-emerald-800">
        {PUSH_MESSAGES.enabled}
      </p>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        disabled={busy}
        onClick={() =>
          run(async () => {
            await device.disable();
            return false;
          })
        }
      >
        {PUSH_MESSAGES.disable}
      </Button>
    </div>
  ) : (
    <Button type="button" size="sm" disabled={busy} onClick={() => run(device.enable)}>
      {PUSH_MESSAGES.enable}
    </Button>
  );
}
