import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { buttonClasses } from "@/components/ui/button";
import { CheckIcon, XIcon } from "@/components/ui/icons";
import { Spinner } from "@/components/ui/spinner";
import { homePathByRole, paths } from "@/config/paths";
import { LOGIN_SUCCESS_TITLE } from "@/domain/core/common-messages";
import { REDIRECT_AFTER_MAGIC_LINK_MS } from "@/domain/core/limits";
import { validateMagicLinkToken } from "@/domain/people/auth-form";
import { useSessionStart } from "@/lib/session/session-provider";
import { type MagicLinkSignIn, signInWithMagicLink } from "./api/verify-magic-link";
import { StatusPanel } from "./components/status-panel";
import { useDelayedRedirect } from "./lib/use-delayed-redirect";

type State =
  | { status: "verifying" }
  | { status: "success"; result: MagicLinkSignIn }
  | { status: "error"; message: string };

/** `/magic-link-auth?token=…`: verifying → success (redirect after 2 s by role) or error (spec §2). */
export function MagicLinkPage() {
  useSessionStart();
  const [searchParams] = useSearchParams();
  const token = validateMagicLinkToken(searchParams.get("token"));
  const [state, setState] = useState<State>(() =>
    token.ok ? { status: "verifying" } : { status: "error", message: token.message },
  );
  const { redirectTo } = useDelayedRedirect();
  const tokenValue = token.ok ? token.data : null;

  useEffect(() => {
    if (!tokenValue) return;
    let current = true;
    signInWithMagicLink(tokenValue).then(
      (result) => {
        if (!current) return;
        setState({ status: "success", result });
        redirectTo(homePathByRole[result.userType], REDIRECT_AFTER_MAGIC_LINK_MS);
      },
      (error: unknown) => {
        if (current)
          setState({ status: "error", message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [tokenValue, redirectTo]);

  if (state.status === "verifying") {
    return (
      <StatusPanel title="Verifica del link in corso" icon={<Spinner size="lg" className="text-brand-700" />}>
        <p className="text-slate-700">Stiamo controllando il tuo link magico…</p>
      </StatusPanel>
    );
  }
  if (state.status === "success") {
    const greeting = state.result.displayName ? `Ciao ${state.result.displayName}!` : "Ciao!";
    return (
      <StatusPanel title={LOGIN_SUCCESS_TITLE} icon={<CheckIcon className="size-10 text-green-700" />}>
        <p role="status" className="text-slate-700">
          {greeting} Ti stiamo portando nella tua area…
        </p>
      </StatusPanel>
    );
  }
  return (
    <StatusPanel title="Accesso non riuscito" icon={<XIcon className="size-10 text-red-700" />}>
      <p role="alert" className="font-medium text-red-800">
        {state.message}
      </p>
      <Link to={paths.auth.getHref()} className={buttonClasses({ className: "mt-2" })}>
        Torna all'accesso
      </Link>
    </StatusPanel>
  );
}
