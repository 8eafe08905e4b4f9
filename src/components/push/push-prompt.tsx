import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useToast } from "@/components/ui/toast";
import { PUSH_MESSAGES } from "@/domain/notifications/push-messages";
import { usePushPrompt } from "@/lib/push-device";

/**
 * 'Attiva le notifiche', offered where it explains itself (a verified shop's dashboard, a buyer's just
 * after publishing a request), never by the browser on page load: the browser asks for the permission
 * only when the user taps the button. 'Non ora' hides it for PUSH_PROMPT_SNOOZE_DAYS; once on, or blocked,
 * it is not shown.
 */
export function PushPrompt({ uid, audience }: { uid: string; audience: "shop" | "buyer" }) {
  const prompt = usePushPrompt(uid);
  const [busy, setBusy] = useState(false);
  const { toast, toastError } = useToast();
  if (!prompt.visible) return null;

  const enable = async () => {
    setBusy(true);
    try {
      if (await prompt.enable()) toast({ title: PUSH_MESSAGES.enabledToast });
    } catch (cause) {
      console.error("Enabling push failed", cause);
      toastError(PUSH_MESSAGES.enableError);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{PUSH_MESSAGES.promptTitle}</CardTitle>
        <CardDescription>
          {audience === "shop" ? PUSH_MESSAGES.promptShop : PUSH_MESSAGES.promptBuyer}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-3">
        <Button type="button" size="sm" disabled={busy} onClick={enable}>
          {PUSH_MESSAGES.enable}
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={prompt.later}>
          {PUSH_MESSAGES.later}
        </Button>
      </CardContent>
    </Card>
  );
}
