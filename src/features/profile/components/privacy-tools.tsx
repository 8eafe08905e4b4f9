import { type FormEvent, useId, useState } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Dialog, DialogFooter } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { LEGAL_LINK_LABELS } from "@/domain/legal/legal";
import { PRIVACY_MESSAGES } from "@/domain/people/trust-messages";
import { useDeleteAccount, useExportMyData, useReauthMethod } from "../api/privacy";

/** The delete dialog: re-authentication (password, Google, or a fresh link sign-in) and a typed confirmation. */
function DeleteAccountDialog({
  open,
  onClose,
  onDeleting,
  onDeleted,
}: {
  open: boolean;
  onClose: () => void;
  onDeleting: (deleting: boolean) => void;
  onDeleted: () => void;
}) {
  const method = useReauthMethod(open);
  const remove = useDeleteAccount();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const formId = useId();
  const confirmed = confirm.trim() === PRIVACY_MESSAGES.deleteConfirmWord;
  const needsPassword = method.data === "password";
  const ready = confirmed && (!needsPassword || password.length > 0) && method.data !== undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready || !method.data) return;
    onDeleting(true);
    remove.mutate(
      { method: method.data, password },
      { onSuccess: onDeleted, onError: () => onDeleting(false) },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={PRIVACY_MESSAGES.deleteTitle}
      description={PRIVACY_MESSAGES.deleteLead}
    >
      {method.isPending ? (
        <Spinner label="Un momento…" />
      ) : (
        <form id={formId} onSubmit={submit} className="space-y-4">
          <p className="text-sm text-slate-700">{PRIVACY_MESSAGES.deleteReauthHint}</p>
          {needsPassword ? (
            <Field label={PRIVACY_MESSAGES.deletePasswordLabel} required>
              <Input
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
            </Field>
          ) : method.data === "google" ? (
            <p className="text-sm text-slate-700">{PRIVACY_MESSAGES.deleteGoogleHint}</p>
          ) : (
            <p className="text-sm text-slate-700">{PRIVACY_MESSAGES.deleteLinkHint}</p>
          )}
          <Field label={PRIVACY_MESSAGES.deleteConfirmLabel} required>
            <Input value={confirm} autoComplete="off" onChange={(event) => setConfirm(event.target.value)} />
          </Field>
        </form>
      )}
      <DialogFooter>
        <Button variant="secondary" onClick={onClose}>
          Annulla
        </Button>
        <Button
          type="submit"
          form={formId}
          variant="destructive"
          disabled={!ready}
          loading={remove.isPending}
        >
          {PRIVACY_MESSAGES.deleteTitle}
        </Button>
      </DialogFooter>
    </Dialog>
  );
}

/** /profile: 'Scarica i miei dati' and 'Elimina account' (GDPR art. 15, 17, 20), with the privacy notice. */
export function PrivacyTools({
  onDeleting = () => undefined,
  onDeleted,
}: {
  /** Told when a deletion starts (true) and when it fails (false): the page stops reading meanwhile. */
  onDeleting?: (deleting: boolean) => void;
  onDeleted: () => void;
}) {
  const exporter = useExportMyData();
  const [deleting, setDeleting] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">I tuoi dati e la privacy</CardTitle>
      </CardHeader>
      <CardContent className="space-y-5">
        <div className="space-y-2">
          <p className="text-sm text-slate-700">{PRIVACY_MESSAGES.exportLead}</p>
          <Button variant="secondary" loading={exporter.isPending} onClick={() => exporter.mutate()}>
            {PRIVACY_MESSAGES.exportTitle}
          </Button>
        </div>
        <div className="space-y-2 border-t border-slate-200 pt-5">
          <p className="text-sm text-slate-700">{PRIVACY_MESSAGES.deleteLead}</p>
          <Button variant="destructive" onClick={() => setDeleting(true)}>
            {PRIVACY_MESSAGES.deleteTitle}
          </Button>
        </div>
        <p className="text-sm text-slate-600">
          Come trattiamo i tuoi dati:{" "}
          <Link to={paths.privacy.getHref()} className="focus-ring rounded text-brand-800 underline">
            {LEGAL_LINK_LABELS.emailFooter}
          </Link>
          .
        </p>
      </CardContent>
      <DeleteAccountDialog
        open={deleting}
        onClose={() => setDeleting(false)}
        onDeleting={onDeleting}
        onDeleted={onDeleted}
      />
    </Card>
  );
}
