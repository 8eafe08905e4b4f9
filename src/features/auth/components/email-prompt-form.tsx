import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { validateEmailForm } from "@/domain/people/auth-form";

/** Asks for the address when an e-mail link is opened on another device than the one it was requested on. */
export function EmailPromptForm({ busy, onSubmit }: { busy: boolean; onSubmit: (email: string) => void }) {
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validateEmailForm({ email });
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setError(null);
    onSubmit(result.data.email);
  };

  return (
    <form onSubmit={handleSubmit} noValidate className="w-full space-y-4 text-left">
      <p className="text-sm text-slate-700">
        Hai aperto il link su un altro dispositivo: inserisci l'email con cui lo hai richiesto.
      </p>
      <Field label="Email" required error={error ?? undefined}>
        <Input
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </Field>
      <Button type="submit" className="w-full" loading={busy}>
        Completa l'accesso
      </Button>
    </form>
  );
}
