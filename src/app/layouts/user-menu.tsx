import { useEffect, useId, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Button, buttonClasses } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { paths } from "@/config/paths";
import { ERROR_MESSAGES } from "@/domain/messages";
import { useSession } from "@/lib/session/session-provider";

const itemClasses =
  "focus-ring block w-full rounded-md px-3 py-2 text-left text-sm font-medium text-slate-800 hover:bg-slate-100";

/**
 * The header's account area. Signed out (or not known yet): the 'Accedi' button. Signed in: a link
 * to the user's own dashboard and a menu with their name, the profile and 'Esci'.
 */
export function UserMenu() {
  const { user, userData, homePath } = useSession();
  if (!user || !userData || !homePath) {
    return (
      <Link to={paths.auth.getHref()} className={buttonClasses({ size: "sm", className: "md:ml-2" })}>
        Accedi
      </Link>
    );
  }
  return (
    <>
      <Link to={homePath} className={buttonClasses({ size: "sm", className: "md:ml-2" })}>
        <span className="sm:hidden">La tua area</span>
        <span className="hidden sm:inline">Vai alla tua area</span>
      </Link>
      <AccountMenu name={userData.displayName} />
    </>
  );
}

function AccountMenu({ name }: { name: string }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const menuId = useId();
  const container = useRef<HTMLDivElement>(null);
  const { signOut } = useSession();
  const { toastError } = useToast();
  const navigate = useNavigate();

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    document.addEventListener("pointerdown", closeOutside);
    document.addEventListener("keydown", closeOnEscape);
    return () => {
      document.removeEventListener("pointerdown", closeOutside);
      document.removeEventListener("keydown", closeOnEscape);
    };
  }, [open]);

  const handleSignOut = async () => {
    setBusy(true);
    setOpen(false);
    // Leave first: a guarded page would otherwise send the signed-out visitor to /auth.
    navigate(paths.home.getHref());
    try {
      await signOut();
    } catch (error) {
      console.error("Logout non riuscito", error);
      toastError(ERROR_MESSAGES.logout);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div ref={container} className="relative">
      <Button
        variant="ghost"
        size="sm"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
        className="max-w-[7rem] sm:max-w-[14rem]"
      >
        <span className="sr-only">Account di </span>
        <span className="truncate">{name}</span>
      </Button>
      {open ? (
        <div
          id={menuId}
          className="absolute right-0 z-50 mt-2 w-56 rounded-xl border border-slate-200 bg-white p-2 shadow-lg"
        >
          <p className="truncate px-3 py-2 text-sm text-slate-600">{name}</p>
          <Link to={paths.profile.getHref()} className={itemClasses} onClick={() => setOpen(false)}>
            Profilo
          </Link>
          <button type="button" className={itemClasses} onClick={handleSignOut} disabled={busy}>
            Esci
          </button>
        </div>
      ) : null}
    </div>
  );
}
