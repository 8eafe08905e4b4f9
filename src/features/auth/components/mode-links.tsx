import type { AuthMode } from "@/domain/people/auth-form";

// Disabled while a request is on its way: grey text that stays readable (slate-600, 7.5:1 on white), not a
// faded brand colour (60 % opacity: 2.97:1, which axe caught in a journey as the request left).
const linkClasses =
  "focus-ring rounded font-semibold text-brand-800 underline-offset-2 hover:underline disabled:text-slate-600";

/** The transitions of spec §4: login ↔ register, login → reset, login → magic, back to login. */
export function ModeLinks({
  mode,
  busy,
  onSwitch,
}: {
  mode: AuthMode;
  busy: boolean;
  onSwitch: (mode: AuthMode) => void;
}) {
  const to = (target: AuthMode, label: string) => (
    <button type="button" className={linkClasses} onClick={() => onSwitch(target)} disabled={busy}>
      {label}
    </button>
  );
  return (
    <div className="flex flex-col items-center gap-2 text-sm text-slate-700">
      {mode === "login" ? (
        <>
          {to("reset", "Password dimenticata?")}
          <p>Non hai un account? {to("register", "Registrati")}</p>
        </>
      ) : null}
      {mode === "register" ? <p>Hai già un account? {to("login", "Accedi")}</p> : null}
      {mode === "reset" || mode === "magic" ? to("login", "Torna al login") : null}
    </div>
  );
}
