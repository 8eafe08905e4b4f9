import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { callableErrorMessage } from "@/domain/boundary/errors";
import {
  PICKUP_CODE_LENGTH,
  PICKUP_MESSAGES,
  pickupRefusalMessage,
  type VerifyPickupInput,
  verifyPickupInputSchema,
} from "@/domain/marketplace/pickup";
import { DEAL_CHANGE_META, INLINE_ERROR_META } from "@/lib/query-client";
import { QrScanner } from "./qr-scanner";

/** The verifyPickup callable, passed in by the feature (components never import the data layer). */
export type VerifyPickupCall = (input: VerifyPickupInput) => Promise<unknown>;

/**
 * The shop at the till checks the buyer's code. Each refusal is shown by the field in the words of its
 * reason (pickup.ts pickupRefusal: wrong code and tries left, the wait, used, not this shop's deal), so
 * no 'Errore' toast besides. The deal turns 'Acquisto verificato' from the offer's own update.
 */
function useVerifyPickup(offerId: string, verifyPickup: VerifyPickupCall) {
  return useMutation({
    meta: { ...INLINE_ERROR_META, ...DEAL_CHANGE_META },
    mutationFn: (code: string) =>
      verifyPickup({ offerId, code }).catch((cause: unknown) => {
        const shown = pickupRefusalMessage(cause) ?? callableErrorMessage(cause, PICKUP_MESSAGES.failed);
        throw new Error(shown, { cause });
      }),
  });
}

/**
 * 'Verifica il codice': the shop types the code the buyer shows at the till. A malformed code
 * is refused here; the rest is verifyPickup's (wrong, used, too many tries), each shown by the field.
 */
export function VerifyPickupForm({ offerId, verify: call }: { offerId: string; verify: VerifyPickupCall }) {
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState("");
  const [formatError, setFormatError] = useState<string | null>(null);
  const verify = useVerifyPickup(offerId, call);

  if (!open) return <Button onClick={() => setOpen(true)}>{PICKUP_MESSAGES.verify}</Button>;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = verifyPickupInputSchema.safeParse({ offerId, code });
    if (!parsed.success) {
      setFormatError(parsed.error.issues[0]?.message ?? PICKUP_MESSAGES.malformed);
      return;
    }
    setFormatError(null);
    verify.mutate(parsed.data.code);
  };
  const error = formatError ?? (verify.isError ? verify.error.message : null);

  return (
    <form className="space-y-2" onSubmit={onSubmit} noValidate>
      <QrScanner
        onCode={(scanned) => {
          setCode(scanned);
          const parsed = verifyPickupInputSchema.safeParse({ offerId, code: scanned });
          if (parsed.success) {
            setFormatError(null);
            verify.mutate(parsed.data.code);
          } else setFormatError(parsed.error.issues[0]?.message ?? PICKUP_MESSAGES.malformed);
        }}
      />
      <Field label={PICKUP_MESSAGES.codeField} error={error}>
        <Input
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={PICKUP_CODE_LENGTH + 4}
          className="font-mono text-lg tracking-widest uppercase"
        />
      </Field>
      <div className="flex gap-2">
        <Button type="submit" disabled={verify.isPending}>
          {PICKUP_MESSAGES.confirm}
        </Button>
        <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
          {PICKUP_MESSAGES.cancel}
        </Button>
      </div>
    </form>
  );
}
