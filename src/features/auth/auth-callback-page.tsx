import { useCallback, useEffect, useState } from "react";
import { Link, Navigate, useLocation, useSearchParams } from "react-router";
import { buttonClasses } from "@/components/ui/button";
import { XIcon } from "@/components/ui/icons";
import { Spinner } from "@/components/ui/spinner";
import { homePathByRole, paths } from "@/config/paths";
import { loginSuccessToast } from "@/domain/core/common-messages";
import { REDIRECT_AFTER_LOGIN_MS } from "@/domain/core/limits";
import { parseUserType } from "@/domain/core/user-type";
import { useSessionStart } from "@/lib/session/session-provider";
import { completeEmailLink, isSignInLink } from "./api/complete-email-link";
import { EmailPromptForm } from "./components/email-prompt-form";
import { StatusPanel } from "./components/status-panel";
import { storedEmailForSignIn, storedUserTypeForSignIn } from "./lib/email-link-storage";
import { useDelayedRedirect } from "./lib/use-delayed-redirect";
import { useSignUpFlowToast } from "./lib/use-sign-up-flow-toast";

type State =
  | { status: "checking" | "completing" | "redirecting" | "not-a-link" }
  | { status: "need-email"; busy: boolean }
  | { status: "error"; message: string };

/**
 * `/auth-callback?userType=…`: where the Firebase e-mail sign-in link returns. Completes the sign-in
 * with the address kept when the link was requested, or asks for it (another device); creates the
 * users document on the first sign-in with the link's userType; then redirects by role. Anything
 * that is not a sign-in link goes to /auth.
 */
export function AuthCallbackPage() {
  useSessionStart();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const typeParam = searchParams.get("userType");
  const userType = typeParam ? parseUserType(typeParam) : storedUserTypeForSignIn();
  const url = `${window.location.origin}${location.pathname}${location.search}`;
  const [state, setState] = useState<State>({ status: "checking" });
  const { redirectTo } = useDelayedRedirect();
  const toast = useSignUpFlowToast();

  const complete = useCallback(
    (email: string, isCurrent: () => boolean = () => true) => {
      setState((previous) =>
        previous.status === "need-email" ? { status: "need-email", busy: true } : { status: "completing" },
      );
      completeEmailLink(email, url, userType).then(
        (outcome) => {
          if (!isCurrent()) return;
          toast(loginSuccessToast({ firstSignIn: outcome.firstSignIn, displayName: outcome.displayName }));
          setState({ status: "redirecting" });
          redirectTo(homePathByRole[outcome.userType], REDIRECT_AFTER_LOGIN_MS);
        },
        (error: unknown) => {
          if (isCurrent())
            setState({ status: "error", message: error instanceof Error ? error.message : String(error) });
        },
      );
    },
    [url, userType, toast, redirectTo],
  );

  useEffect(() => {
    let current = true;
    const isCurrent = () => current;
    isSignInLink(url).then(
      (isLink) => {
        if (!current) return;
        if (!isLink) return setState({ status: "not-a-link" });
        const email = storedEmailForSignIn();
        if (email) complete(email, isCurrent);
        else setState({ status: "need-email", busy: false });
      },
      (error: unknown) => {
        console.error("Checking the sign-in link failed", error);
        if (current) setState({ status: "not-a-link" });
      },
    );
    return () => {
      current = false;
    };
  }, [url, complete]);

  if (state.status === "not-a-link") return <Navigate to={paths.auth.getHref()} replace />;
  if (state.status === "need-email") {
    return (
      <StatusPanel title="Conferma la tua email">
        <EmailPromptForm busy={state.busy} onSubmit={(email) => complete(email)} />
      </StatusPanel>
    );
  }
  if (state.status === "error") {
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
  return (
    <StatusPanel title="Reindirizzamento in corso" icon={<Spinner size="lg" className="text-brand-700" />}>
      <p role="status" className="text-slate-700">
        {state.status === "redirecting"
          ? "Accesso effettuato: ti portiamo nella tua area…"
          : "Un attimo, ti stiamo facendo entrare…"}
      </p>
    </StatusPanel>
  );
}
