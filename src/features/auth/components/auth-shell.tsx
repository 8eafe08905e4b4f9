import { useLocation } from "react-router";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { getPendingUserType } from "@/lib/pending-user-type";
import { readReturnRole, readReturnTo } from "@/lib/session/return-to";
import { AUTH_FIELD_LABELS, AUTH_SUBMIT_LABELS, AuthFrame } from "./auth-frame";
import { ModeLinks } from "./mode-links";
import { SignInAlternatives } from "./sign-in-alternatives";

const ignore = () => undefined;

/**
 * /auth as it first paints, in the entry chunk: the page's own frame, mode links and alternatives, and
 * the login form's fields, disabled until the page's code, with its checks and Firebase, has loaded and
 * replaces this, a moment later (nothing typed or tapped in between is lost: nothing can be). It imports no zod and no Firebase, so a phone paints the form with the
 * first JavaScript instead of after the page's chunk and the validation behind it. The page's first
 * render has the same outline (auth-page.test.tsx checks it), so nothing moves on the swap.
 */
export function AuthShell() {
  const { state } = useLocation();
  const returnRole = readReturnRole(state);
  return (
    <AuthFrame
      mode="login"
      returnTo={readReturnTo(state)}
      returnRole={returnRole}
      userType={returnRole ?? getPendingUserType()}
      inert
    >
      <form aria-busy="true" noValidate className="space-y-4">
        <Field label={AUTH_FIELD_LABELS.email} required>
          <Input type="email" name="email" autoComplete="email" inputMode="email" disabled />
        </Field>
        <Field label={AUTH_FIELD_LABELS.password} required>
          <Input type="password" name="password" autoComplete="current-password" disabled />
        </Field>
        <Button type="button" className="w-full" disabled>
          {AUTH_SUBMIT_LABELS.login}
        </Button>
      </form>
      <ModeLinks mode="login" busy onSwitch={ignore} />
      <SignInAlternatives busy onGoogle={ignore} onMagic={ignore} />
    </AuthFrame>
  );
}
