import { type FormEvent, useEffect, useRef, useState } from "react";
import { CategoryCheckboxes } from "@/components/marketplace/category-checkboxes";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { useToast } from "@/components/ui/toast";
import { loadGazetteer } from "@/data/gazetteer/load-gazetteer";
import { errorMessage } from "@/domain/boundary/errors";
import type { PlaceSearch } from "@/domain/geo/gazetteer";
import { SHOP_STATUS } from "@/domain/people/shop-status";
import {
  SHOP_VERIFICATION_COPY,
  SHOP_VERIFICATION_MESSAGES,
} from "@/domain/people/shop-verification-messages";
import { useVerifyShop } from "../api/verify-shop";
import { parseShopForm, type ShopFormErrors, type ShopFormValues } from "../lib/shop-form";
import { ShopAddressField } from "./shop-address-field";

type ShopVerificationFormProps = {
  initial: ShopFormValues;
  /** The gazetteer for the address (tests may pass a fixture); by default the real one, loaded lazily. */
  loadPlaces?: () => Promise<PlaceSearch>;
};

/** Focuses the first control the last check marked invalid (a group's first checkbox). */
function focusFirstInvalid(form: HTMLFormElement | null) {
  const invalid = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  const control = invalid?.matches("input") ? invalid : invalid?.querySelector<HTMLElement>("input");
  control?.focus();
}

/**
 * Step 2: the shop's details, checked here with verifyShop's own schema (one Italian message per field),
 * then sent. The server's refusals (e-mail not confirmed, …) come back in Italian.
 */
export function ShopVerificationForm({ initial, loadPlaces = loadGazetteer }: ShopVerificationFormProps) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<ShopFormErrors>({});
  const [checks, setChecks] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const { toast } = useToast();
  const verify = useVerifyShop({
    onSuccess: ({ status }) =>
      toast({
        title:
          status === SHOP_STATUS.verified
            ? SHOP_VERIFICATION_MESSAGES.verified
            : SHOP_VERIFICATION_MESSAGES.submitted,
      }),
  });
  const busy = verify.isPending || verify.isSuccess;

  // After each failed check, once the messages are on screen.
  useEffect(() => {
    if (checks > 0) focusFirstInvalid(formRef.current);
  }, [checks]);

  const set = <K extends keyof ShopFormValues>(key: K, value: ShopFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (key !== "position") setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = parseShopForm(values);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      setChecks((count) => count + 1);
      return;
    }
    setErrors({});
    verify.mutate(parsed.data);
  };

  return (
    <form
      ref={formRef}
      onSubmit={handleSubmit}
      noValidate
      className="space-y-4"
      aria-label={SHOP_VERIFICATION_COPY.shopStep}
    >
      <Field label={SHOP_VERIFICATION_COPY.businessName} required error={errors.businessName}>
        <Input
          name="businessName"
          autoComplete="organization"
          maxLength={80}
          value={values.businessName}
          disabled={busy}
          onChange={(event) => set("businessName", event.target.value)}
        />
      </Field>
      <Field
        label={SHOP_VERIFICATION_COPY.partitaIva}
        required
        hint={SHOP_VERIFICATION_COPY.partitaIvaHint}
        error={errors.partitaIva}
      >
        <Input
          name="partitaIva"
          inputMode="numeric"
          autoComplete="off"
          maxLength={16}
          value={values.partitaIva}
          disabled={busy}
          onChange={(event) => set("partitaIva", event.target.value)}
        />
      </Field>
      <ShopAddressField
        address={values.address}
        onAddressChange={(address) => set("address", address)}
        onPositionChange={(position) => {
          set("position", position);
          if (position) setErrors((current) => ({ ...current, address: undefined }));
        }}
        error={errors.address}
        disabled={busy}
        loadPlaces={loadPlaces}
      />
      <CategoryCheckboxes
        value={values.categories}
        onChange={(categories) => set("categories", categories)}
        error={errors.categories}
      />
      {verify.error ? (
        <p className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {errorMessage(verify.error)}
        </p>
      ) : null}
      <Button type="submit" loading={busy} className="w-full sm:w-auto">
        {SHOP_VERIFICATION_COPY.submit}
      </Button>
    </form>
  );
}
