import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Navigate, useLocation } from "react-router";
import { homePathByRole } from "@/config/paths";
import { errorMessage } from "@/domain/boundary/errors";
import {
  loginSuccessToast,
  REGISTRATION_COMPLETED_NO_EMAIL_TOAST,
  SUCCESS_TOASTS,
} from "@/domain/core/common-messages";
import { REDIRECT_AFTER_LOGIN_MS } from "@/domain/core/limits";
import { GOOGLE_ERROR_TOAST_TITLE } from "@/domain/core/toast";
import type { AuthMode, EmailData, LoginData, RegisterData } from "@/domain/people/auth-form";
import { authModeAfterSuccess } from "@/domain/people/auth-form";
import { getPendingUserType, setPendingUserType } from "@/lib/pending-user-type";
import { readReturnRole, readReturnTo } from "@/lib/session/return-to";
import { useSessionStart } from "@/lib/session/session-provider";
import type { SignedIn } from "./api/account-setup";
import { AuthForm } from "./components/auth-form";
import { AuthFrame } from "./components/auth-frame";
import { ModeLinks } from "./components/mode-links";
import { SignInAlternatives } from "./components/sign-in-alternatives";
import { useDelayedRedirect } from "./lib/use-delayed-redirect";
import { useSignUpFlowToast } from "./lib/use-sign-up-flow-toast";

// The flows (and Firebase behind them) load while the form paints, not before: the page shows at
// once on a slow phone. They are requested on mount, so by the first click they are there (Google's
// popup must open within the click's user activation).
const loadPasswordAuth = () => import("./api/password-auth");
const loadGoogleSignIn = () => import("./api/google-sign-in");
const loadEmailRequests = () => import("./api/email-requests");

/** `/auth`: one screen, four modes (spec §2, §4). */
export function AuthPage() {
  const session = useSessionStart(); // the session is ready by the time the redirect lands
  const [mode, setMode] = useState<AuthMode>("login");
  const [magicSentTo, setMagicSentTo] = useState<string | null>(null);
  const { state } = useLocation();
  const returnTo = readReturnTo(state);
  // The account type of the page the visitor wanted wins over the one picked on a marketing page.
  const [userType] = useState(() => readReturnRole(state) ?? getPendingUserType());
  const [arrivedSignedIn, setArrivedSignedIn] = useState<boolean | null>(null);
  if (arrivedSignedIn === null && !session.loading) setArrivedSignedIn(session.user !== null);
  const { redirecting, redirectTo } = useDelayedRedirect();
  const toast = useSignUpFlowToast();

  useEffect(() => {
    // Google sign-in and the magic link read the pending type: a shop page's visitor signs up as a shop.
    if (readReturnRole(state)) setPendingUserType(userType);
  }, [state, userType]);

  useEffect(() => {
    Promise.all([loadPasswordAuth(), loadGoogleSignIn(), loadEmailRequests()]).catch((error: unknown) =>
      console.error("Preloading sign-in failed", error),
    );
  }, []);

  const signedIn = (outcome: SignedIn) => {
    redirectTo(returnTo ?? homePathByRole[outcome.userType], REDIRECT_AFTER_LOGIN_MS);
  };

  const register = useMutation({
    mutationFn: async (data: RegisterData) => (await loadPasswordAuth()).registerAccount(data, userType),
    onSuccess: (outcome) => {
      toast(
        outcome.welcomeSent ? SUCCESS_TOASTS.registrationCompleted : REGISTRATION_COMPLETED_NO_EMAIL_TOAST,
      );
      signedIn(outcome);
    },
  });
  const login = useMutation({
    mutationFn: async (data: LoginData) => (await loadPasswordAuth()).loginWithPassword(data),
    onSuccess: (outcome) => {
      toast(loginSuccessToast({ displayName: outcome.displayName }));
      signedIn(outcome);
    },
  });
  const reset = useMutation({
    mutationFn: async (data: EmailData) => (await loadEmailRequests()).requestPasswordReset(data.email),
    onSuccess: () => {
      toast(SUCCESS_TOASTS.emailSent);
      setMode(authModeAfterSuccess("reset"));
    },
  });
  const magic = useMutation({
    mutationFn: async (data: EmailData) => (await loadEmailRequests()).requestMagicLink(data.email, userType),
    onSuccess: (_, data) => {
      toast(SUCCESS_TOASTS.magicLinkSent);
      setMagicSentTo(data.email);
    },
  });
  // Google failures have their own title (spec §8), so they are handled here, not by the global toast.
  const google = useMutation({
    mutationFn: () =>
      loadGoogleSignIn()
        .then(({ googleSignIn }) => googleSignIn())
        .catch((error: unknown) => {
          console.error("Google sign-in failed", error);
          toast({
            title: GOOGLE_ERROR_TOAST_TITLE,
            description: errorMessage(error),
            variant: "destructive",
          });
          return null;
        }),
    onSuccess: (outcome) => {
      if (!outcome) return;
      toast(loginSuccessToast({ firstSignIn: outcome.firstSignIn, displayName: outcome.displayName }));
      signedIn(outcome);
    },
  });

  const busy =
    redirecting ||
    register.isPending ||
    login.isPending ||
    reset.isPending ||
    magic.isPending ||
    google.isPending;

  const switchMode = (next: AuthMode) => {
    setMagicSentTo(null);
    setMode(next);
  };

  const submit = (data: RegisterData | LoginData | EmailData) => {
    if (mode === "register") register.mutate(data as RegisterData);
    else if (mode === "login") login.mutate(data as LoginData);
    else if (mode === "reset") reset.mutate(data);
    else magic.mutate(data);
  };

  // Sent here by a guard while already signed in (the browser had no session hint): straight back.
  if (arrivedSignedIn && session.homePath) return <Navigate to={returnTo ?? session.homePath} replace />;

  return (
    <AuthFrame mode={mode} returnTo={returnTo} returnRole={readReturnRole(state)} userType={userType}>
      <AuthForm key={mode} mode={mode} busy={busy} onSubmit={submit} />
      {mode === "magic" && magicSentTo ? (
        <p role="status" className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900">
          Link inviato a <strong>{magicSentTo}</strong>: aprilo da questo dispositivo entro 15 minuti.
        </p>
      ) : null}
      <ModeLinks mode={mode} busy={busy} onSwitch={switchMode} />
      {mode !== "magic" ? (
        <SignInAlternatives
          busy={busy}
          onGoogle={() => google.mutate()}
          onMagic={() => switchMode("magic")}
        />
      ) : null}
    </AuthFrame>
  );
}
