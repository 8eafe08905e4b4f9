import type { ReactNode } from "react";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { PRODUCT_NAME } from "@/domain/core/product";
import { CONTINUE_AFTER_SIGN_IN, type UserType } from "@/domain/core/user-roles";
import type { AuthMode } from "@/domain/people/auth-form";
import { RoleBadge } from "./role-badge";

export const AUTH_HEADINGS: Record<AuthMode, { title: string; lead: string }> = {
  login: { title: `Accedi a ${PRODUCT_NAME}`, lead: "Bentornato! Entra con la tua email e la password." },
  register: { title: "Crea il tuo account", lead: "Bastano nome, email e una password." },
  reset: { title: "Recupera la password", lead: "Ti inviamo un'email con il link per sceglierne una nuova." },
  magic: {
    title: "Accedi con un link magico",
    lead: "Niente password: ti inviamo un link valido 15 minuti.",
  },
};

export const AUTH_SUBMIT_LABELS: Record<AuthMode, string> = {
  login: "Accedi",
  register: "Registrati",
  reset: "Invia email di recupero",
  magic: "Invia link magico",
};

/** The labels of the fields the page and its static frame both show. */
export const AUTH_FIELD_LABELS = { email: "Email", password: "Password" } as const;

/**
 * /auth's card around its form: the heading of the mode, why the visitor is here ('Accedi per
 * continuare' when a guard sent them) and the account type. Shared by the page and its static frame
 * (auth-shell.tsx), so nothing moves when one replaces the other; it imports no zod and no Firebase.
 */
export function AuthFrame({
  mode,
  returnTo,
  returnRole,
  userType,
  inert = false,
  children,
}: {
  mode: AuthMode;
  returnTo: string | null | undefined;
  returnRole: UserType | null;
  userType: UserType;
  /**
   * The static frame: nothing in it takes focus or clicks, so a keyboard user's focus is never on an
   * element that disappears when the page replaces the frame.
   */
  inert?: boolean;
  children: ReactNode;
}) {
  const heading = AUTH_HEADINGS[mode];
  return (
    <div inert={inert} className="mx-auto max-w-md px-4 py-10 sm:py-16">
      <title>{`${heading.title} · ${PRODUCT_NAME}`}</title>
      <Card>
        <CardHeader className="space-y-3 text-center">
          <h1 className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
            Accesso e registrazione
          </h1>
          {returnTo ? (
            <div role="status" className="rounded-lg bg-brand-50 px-3 py-2 text-left text-brand-900">
              <p className="font-semibold">{CONTINUE_AFTER_SIGN_IN.title}</p>
              <p className="text-sm">
                {returnRole ? CONTINUE_AFTER_SIGN_IN.reason[returnRole] : CONTINUE_AFTER_SIGN_IN.generic}
              </p>
            </div>
          ) : null}
          <RoleBadge userType={userType} />
          <h2 className="text-2xl font-bold text-slate-900">{heading.title}</h2>
          <p className="text-sm text-slate-600">{heading.lead}</p>
        </CardHeader>
        <CardContent className="space-y-6">{children}</CardContent>
      </Card>
    </div>
  );
}
