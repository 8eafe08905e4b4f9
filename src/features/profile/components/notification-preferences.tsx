import { type FormEvent, useEffect, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useToast } from "@/components/ui/toast";
import { saveNotificationPreferences, subscribeToNotificationPreferences } from "@/data/notifications";
import type { UserType } from "@/domain/core/user-type";
import {
  NOTIFICATION_KINDS,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_PREFERENCE_LABELS,
  type NotificationKind,
  type NotificationPreferences,
  wantsEmail,
} from "@/domain/notifications/notifications";

/** The kinds a user of this type can receive, in the order /profile lists them. */
export function kindsFor(userType: UserType): NotificationKind[] {
  return NOTIFICATION_KINDS.filter((kind) => {
    const { audience } = NOTIFICATION_PREFERENCE_LABELS[kind];
    return audience === "both" || audience === userType;
  });
}

type Saver = (uid: string, preferences: NotificationPreferences) => Promise<void>;

/**
 * /profile's 'Notifiche via email': one switch per kind the user can receive (the bell always shows
 * them all), saved together with 'Salva preferenze' and an Italian toast. Loaded live, so an
 * unsubscribe from an e-mail shows up here at once.
 */
export function NotificationPreferencesCard({
  uid,
  userType,
  save = saveNotificationPreferences,
}: {
  uid: string;
  userType: UserType;
  save?: Saver;
}) {
  const [loaded, setLoaded] = useState<NotificationPreferences>();
  const [failed, setFailed] = useState(false);
  const [draft, setDraft] = useState<Partial<Record<NotificationKind, boolean>>>({});
  const [saving, setSaving] = useState(false);
  const { toast, toastError } = useToast();
  const idPrefix = useId();

  useEffect(
    () =>
      subscribeToNotificationPreferences(uid, {
        next: (value) => {
          setLoaded(value);
          setDraft(value.email);
        },
        error: (cause) => {
          console.error("Notification preferences stopped", cause);
          setFailed(true);
        },
      }),
    [uid],
  );

  const kinds = kindsFor(userType);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      const email = Object.fromEntries(kinds.map((kind) => [kind, draft[kind] !== false]));
      await save(uid, { email });
      toast({ title: NOTIFICATION_MESSAGES.preferencesSaved });
    } catch (cause) {
      console.error("Saving notification preferences failed", cause);
      toastError(NOTIFICATION_MESSAGES.preferencesError);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{NOTIFICATION_MESSAGES.preferencesTitle}</CardTitle>
        <CardDescription>{NOTIFICATION_MESSAGES.preferencesIntro}</CardDescription>
      </CardHeader>
      <CardContent>
        {failed ? (
          <p role="alert" className="text-sm text-red-700">
            {NOTIFICATION_MESSAGES.loadError}
          </p>
        ) : !loaded ? (
          <p role="status" className="text-sm text-slate-600">
            {NOTIFICATION_MESSAGES.loading}
          </p>
        ) : (
          <form onSubmit={onSubmit} className="space-y-4">
            <fieldset className="space-y-3">
              <legend className="sr-only">{NOTIFICATION_MESSAGES.preferencesTitle}</legend>
              {kinds.map((kind) => {
                const id = `${idPrefix}-${kind}`;
                return (
                  <div key={kind} className="flex items-start gap-3">
                    <input
                      id={id}
                      type="checkbox"
                      className="focus-ring mt-0.5 size-5 shrink-0 accent-brand-700"
                      checked={wantsEmail({ email: draft }, kind)}
                      onChange={(event) => setDraft((value) => ({ ...value, [kind]: event.target.checked }))}
                    />
                    <label htmlFor={id} className="text-sm text-slate-800">
                      {NOTIFICATION_PREFERENCE_LABELS[kind].label}
                    </label>
                  </div>
                );
              })}
            </fieldset>
            <Button type="submit" variant="secondary" size="sm" disabled={saving}>
              {saving ? NOTIFICATION_MESSAGES.preferencesSaving : NOTIFICATION_MESSAGES.preferencesSave}
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
