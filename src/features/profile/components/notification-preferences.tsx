import { type FormEvent, useEffect, useId, useState } from "react";
import { PushDeviceSwitch } from "@/components/push/push-device-switch";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useToast } from "@/components/ui/toast";
import { saveNotificationPreferences, subscribeToNotificationPreferences } from "@/data/notifications";
import type { UserType } from "@/domain/core/user-type";
import {
  type DigestFrequency,
  NOTIFICATION_KINDS,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_PREFERENCE_LABELS,
  type NotificationKind,
  type NotificationPreferences,
  type NotificationPreferencesInput,
  wantsEmail,
  wantsPush,
} from "@/domain/notifications/notifications";
import { kindSwitches } from "@/domain/notifications/push";
import { PUSH_MESSAGES } from "@/domain/notifications/push-messages";

/** The kinds a user of this type can receive, in the order /profile lists them. */
export function kindsFor(userType: UserType): NotificationKind[] {
  return NOTIFICATION_KINDS.filter((kind) => {
    const { audience } = NOTIFICATION_PREFERENCE_LABELS[kind];
    return audience === "both" || audience === userType;
  });
}

type Saver = (uid: string, preferences: NotificationPreferencesInput) => Promise<void>;
type Switches = Partial<Record<NotificationKind, boolean>>;

/**
 * /profile's notifications: this device's push on or off (PushDeviceSwitch), then per kind the user can
 * receive an e-mail switch and a device switch (the bell always shows them all; a kind has only the
 * switches its channels allow, push.ts kindSwitches), and for a shop the digest's frequency; saved
 * together with 'Salva preferenze' and an Italian toast. Loaded live, so an unsubscribe from an e-mail
 * shows up here at once.
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
  const [draft, setDraft] = useState<Switches>({});
  const [pushDraft, setPushDraft] = useState<Switches>({});
  const [digest, setDigest] = useState<DigestFrequency>("twice_daily");
  const [saving, setSaving] = useState(false);
  const { toast, toastError } = useToast();
  const idPrefix = useId();

  useEffect(
    () =>
      subscribeToNotificationPreferences(uid, {
        next: (value) => {
          setLoaded(value);
          setDraft(value.email);
          setPushDraft(value.push);
          setDigest(value.digest);
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
      const pick = (switches: Switches, channel: "email" | "push") =>
        Object.fromEntries(
          kinds.filter((kind) => kindSwitches(kind)[channel]).map((kind) => [kind, switches[kind] !== false]),
        );
      await save(uid, {
        email: pick(draft, "email"),
        push: pick(pushDraft, "push"),
        ...(userType === "merchant" ? { digest } : {}),
      });
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
      <CardContent className="space-y-4">
        <PushDeviceSwitch uid={uid} />
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
              <legend className="text-xs font-medium text-slate-600">
                {PUSH_MESSAGES.emailColumn} · {PUSH_MESSAGES.pushColumn}
              </legend>
              {kinds.map((kind) => {
                const id = `${idPrefix}-${kind}`;
                const { label } = NOTIFICATION_PREFERENCE_LABELS[kind];
                const switches = kindSwitches(kind);
                return (
                  <div key={kind} className="flex items-start gap-3">
                    <span className="flex shrink-0 gap-3">
                      <input
                        id={id}
                        type="checkbox"
                        aria-label={`${PUSH_MESSAGES.emailColumn}: ${label}`}
                        title={PUSH_MESSAGES.emailColumn}
                        className="focus-ring mt-0.5 size-5 accent-brand-700 disabled:opacity-30"
                        disabled={!switches.email}
                        checked={switches.email && wantsEmail({ email: draft }, kind)}
                        onChange={(event) =>
                          setDraft((value) => ({ ...value, [kind]: event.target.checked }))
                        }
                      />
                      <input
                        type="checkbox"
                        aria-label={`${PUSH_MESSAGES.pushColumn}: ${label}`}
                        title={PUSH_MESSAGES.pushColumn}
                        className="focus-ring mt-0.5 size-5 accent-brand-700 disabled:opacity-30"
                        disabled={!switches.push}
                        checked={switches.push && wantsPush({ email: {}, push: pushDraft }, kind)}
                        onChange={(event) =>
                          setPushDraft((value) => ({ ...value, [kind]: event.target.checked }))
                        }
                      />
                    </span>
                    <label htmlFor={id} className="text-sm text-slate-800">
                      {label}
                    </label>
                  </div>
                );
              })}
            </fieldset>
            {userType === "merchant" ? (
              <label className="block text-sm text-slate-800">
                {PUSH_MESSAGES.digestLabel}{" "}
                <select
                  className="focus-ring ml-1 rounded border border-slate-300 px-2 py-1"
                  value={digest}
                  onChange={(event) => setDigest(event.target.value === "hourly" ? "hourly" : "twice_daily")}
                >
                  <option value="twice_daily">{PUSH_MESSAGES.digestTwiceDaily}</option>
                  <option value="hourly">{PUSH_MESSAGES.digestHourly}</option>
                </select>
              </label>
            ) : null}
            <Button type="submit" variant="secondary" size="sm" disabled={saving}>
              {saving ? NOTIFICATION_MESSAGES.preferencesSaving : NOTIFICATION_MESSAGES.preferencesSave}
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
