import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { paths } from "@/config/paths";
import { CONSENT_COPY } from "@/domain/legal/legal";
import {
  type AuthForm as AuthFormValues,
  type AuthMode,
  EMPTY_AUTH_FORM,
  type EmailData,
  type LoginData,
  type RegisterData,
  validateAuthForm,
} from "@/domain/people/auth-form";
import { AUTH_FIELD_LABELS, AUTH_SUBMIT_LABELS } from "./auth-frame";

type AuthFormProps = {
  mode: AuthMode;
  /** A request is running (or the page is redirecting): the submit button is blocked. */
  busy: boolean;
  onSubmit: (data: RegisterData | LoginData | EmailData) => void;
};

/**
 * The fields of one mode (spec §3: email, password, displayName, confirmPassword). Mount it with
 * `key={mode}` so switching mode clears it. Checks run with the domain's validators on submit, and
 * their message is shown under the form word for word.
 */
export function AuthForm({ mode, busy, onSubmit }: AuthFormProps) {
  const [values, setValues] = useState<AuthFormValues>(EMPTY_AUTH_FORM);
  const [error, setError] = useState<string | null>(null);
  const [accepted, setAccepted] = useState(false);
  const set = (name: keyof AuthFormValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const result = validateAuthForm(mode, values);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    // The sign-up records the acceptance (users/{uid}.consent, buildUserDocument): no account without it.
    if (mode === "register" && !accepted) {
      setError(CONSENT_COPY.required);
      return;
    }
    setError(null);
    onSubmit(result.data);
  };

  const withPassword = mode === "login" || mode === "register";
  return (
    <form
      onSubmit={handleSubmit}
      noValidate
      className="space-y-4"
      aria-describedby={error ? "auth-form-error" : undefined}
    >
      {mode === "register" ? (
        <Field label="Nome completo" required>
          <Input
            name="displayName"
            autoComplete="name"
            value={values.displayName}
            onChange={set("displayName")}
          />
        </Field>
      ) : null}
      <Field label={AUTH_FIELD_LABELS.email} required>
        <Input
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          value={values.email}
          onChange={set("email")}
        />
      </Field>
      {withPassword ? (
        <Field
          label={AUTH_FIELD_LABELS.password}
          required
          hint={mode === "register" ? "Almeno 6 caratteri" : undefined}
        >
          <Input
            type="password"
            name="password"
            autoComplete={mode === "register" ? "new-password" : "current-password"}
            value={values.password}
            onChange={set("password")}
          />
        </Field>
      ) : null}
      {mode === "register" ? (
        <Field label="Conferma password" required>
          <Input
            type="password"
            name="confirmPassword"
            autoComplete="new-password"
            value={values.confirmPassword}
            onChange={set("confirmPassword")}
          />
        </Field>
      ) : null}
      {mode === "register" ? (
        <div className="flex items-start gap-3">
          <input
            id="auth-consent"
            type="checkbox"
            name="consent"
            checked={accepted}
            onChange={(event) => setAccepted(event.target.checked)}
            className="focus-ring mt-1 size-5 shrink-0 rounded border-slate-400 accent-brand-700"
          />
          <label htmlFor="auth-consent" className="text-sm text-slate-700">
            {CONSENT_COPY.checkboxBefore}
            <a
              href={paths.terms.getHref()}
              target="_blank"
              rel="noopener"
              className="text-brand-800 underline"
            >
              {CONSENT_COPY.termsLink}
            </a>
            {CONSENT_COPY.checkboxMiddle}
            <a
              href={paths.privacy.getHref()}
              target="_blank"
              rel="noopener"
              className="text-brand-800 underline"
            >
              {CONSENT_COPY.privacyLink}
            </a>
          </label>
        </div>
      ) : null}
      {error ? (
        <p
          id="auth-form-error"
          role="alert"
          className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
        >
          {error}
        </p>
      ) : null}
      <Button type="submit" className="w-full" loading={busy}>
        {AUTH_SUBMIT_LABELS[mode]}
      </Button>
    </form>
  );
}
