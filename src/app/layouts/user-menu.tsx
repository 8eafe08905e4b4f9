import {
  Component,
  lazy,
  type ReactNode,
  Suspense,
  useDeferredValue,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { Link, NavLink, useLocation, useNavigate } from "react-router";
import { Button, buttonClasses } from "@/components/ui/button";
import { BellIcon, ChatIcon } from "@/components/ui/icons";
import { useToast } from "@/components/ui/toast";
import { paths } from "@/config/paths";
import { FIRST_PAINT_MESSAGES } from "@/domain/core/first-paint-messages";
import type { UnreadTotal } from "@/features/messages/components/with-unread-total";
import { useIsAdmin } from "@/lib/admin-role";
import { useSettled } from "@/lib/after-settled";
import { withQueryClientCode } from "@/lib/app-query-client";
import { cn } from "@/lib/cn";
import { useSession } from "@/lib/session/session-provider";

// The unread total needs Firestore and the domain's schemas: its own chunk, loaded only once someone is
// signed in, so the marketing pages stay free of both (scripts/size.mjs ON_DEMAND). Hence no domain
// import here: the badge's text comes with the total. It reads with the app's query client, whose code
// comes with it (src/lib/app-query-client.tsx).
const WithUnreadTotal = lazy(() =>
  withQueryClientCode(() =>
    import("@/features/messages/components/with-unread-total").then((module) => module.WithUnreadTotal),
  ),
);

// The bell's count comes from the same chunk (the document WithUnreadTotal follows).
const WithNewNotifications = lazy(() =>
  withQueryClientCode(() =>
    import("@/features/messages/components/with-unread-total").then((module) => module.WithNewNotifications),
  ),
);

// The bell too: notifications come from Firestore, in a chunk of their own.
const NotificationBell = lazy(() =>
  withQueryClientCode(() =>
    import("@/features/notifications/components/notification-bell").then((module) => module.NotificationBell),
  ),
);

const itemClasses =
  "focus-ring block w-full rounded-md px-3 py-2 text-left text-sm font-medium text-slate-800 hover:bg-slate-100";

/**
 * The header's account area. Signed out (or not known yet): the 'Accedi' button. Signed in: the
 * notifications' bell, 'Messaggi' with the unread total, a link to the user's own dashboard and a menu with their name, the profile,
 * for an admin the moderation pages, and 'Esci'.
 */
export function UserMenu() {
  const { user, userData, homePath } = useSession();
  const { pathname } = useLocation();
  if (!user || !userData || !homePath) {
    return (
      <Link to={paths.auth.getHref()} className={buttonClasses({ size: "sm", className: "md:ml-2" })}>
        Accedi
      </Link>
    );
  }
  return (
    <>
      <Bell uid={user.uid} />
      <MessagesLink uid={user.uid} />
      {/* On their own area the way there would lead nowhere. */}
      {pathname === homePath ? null : (
        <Link to={homePath} className={buttonClasses({ size: "sm", className: "md:ml-2" })}>
          <span className="sm:hidden">La tua area</span>
          <span className="hidden sm:inline">Vai alla tua area</span>
        </Link>
      )}
      {/* A shop is named as its customers see it (no domain import here: see WithUnreadTotal). */}
      <AccountMenu uid={user.uid} name={userData.businessName?.trim() || userData.displayName} />
    </>
  );
}

/** A total that cannot load (e.g. its chunk, offline) leaves the plain link, not an error page. */
class UnreadBoundary extends Component<{ children: ReactNode; fallback: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error("Unread message count unavailable", error);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * The notifications' bell. It loads (its chunk; its count comes with the unread counts, its list when it
 * is opened) once the page has settled
 * (src/lib/after-settled.ts), not during the page's first paint; until then, and while its chunk loads,
 * a bell of the same size holds its place, so nothing in the header moves when it arrives. A tap on it
 * settles the page (every tap does) and asks for the popover, which opens as soon as the bell has
 * loaded: one tap is enough, however early. If it cannot load, the header simply has no bell.
 */
function Bell({ uid }: { uid: string }) {
  // Deferred: the bell's chunk loads in a background render while this button stays the one on screen,
  // so a tap that began on it ends on it (a Suspense fallback would be a new button under the finger).
  const settled = useDeferredValue(useSettled());
  const [openWhenLoaded, setOpenWhenLoaded] = useState(false);
  const placeholder = (
    <button
      type="button"
      aria-label={FIRST_PAINT_MESSAGES.bellLoading}
      aria-busy="true"
      // On pointerdown too: if the bell finishes loading during the tap, its click never reaches here.
      onPointerDown={() => setOpenWhenLoaded(true)}
      onClick={() => setOpenWhenLoaded(true)}
      className={buttonClasses({ variant: "ghost", size: "sm", className: "max-sm:px-2" })}
    >
      <BellIcon />
    </button>
  );
  if (!settled) return placeholder;
  return (
    <UnreadBoundary fallback={null}>
      <Suspense fallback={placeholder}>
        <WithNewNotifications uid={uid}>
          {(newCount) => <NotificationBell uid={uid} newCount={newCount} defaultOpen={openWhenLoaded} />}
        </WithNewNotifications>
      </Suspense>
    </UnreadBoundary>
  );
}

/** 'Messaggi'; its unread total (a chunk and listeners of its own) joins once the page has settled. */
function MessagesLink({ uid }: { uid: string }) {
  const settled = useSettled();
  const plain = <MessagesLinkView total={0} label="" spoken="" />;
  if (!settled) return plain;
  return (
    <UnreadBoundary fallback={plain}>
      <Suspense fallback={plain}>
        <WithUnreadTotal uid={uid}>{(unread) => <MessagesLinkView {...unread} />}</WithUnreadTotal>
      </Suspense>
    </UnreadBoundary>
  );
}

/**
 * 'Messaggi' with the unread total ('Messaggi 3 non letti'; no badge at 0). On a phone only the icon
 * shows, the badge on its corner (the name stays for screen readers), so the header fits 360 px.
 */
function MessagesLinkView({ total, label, spoken }: UnreadTotal) {
  return (
    <NavLink
      to={paths.messages.getHref()}
      // The name starts with the visible words, no comma between them (WCAG 2.5.3, axe label-content-name-mismatch).
      aria-label={total > 0 ? `Messaggi ${spoken}` : "Messaggi"}
      className={({ isActive }) =>
        buttonClasses({
          variant: "ghost",
          size: "sm",
          // max-sm: variants come after the size's px-3 in the stylesheet, so they win on phones.
          className: cn("relative gap-1.5 max-sm:px-2", isActive && "text-brand-800"),
        })
      }
    >
      <ChatIcon />
      <span className="hidden sm:inline">Messaggi</span>{" "}
      {total > 0 ? (
        <span className="absolute -top-1 -right-1 inline-flex min-w-5 items-center justify-center rounded-full bg-brand-700 px-1.5 text-xs leading-5 font-bold text-white ring-2 ring-white sm:static sm:ring-0">
          {label}
        </span>
      ) : null}
    </NavLink>
  );
}

const avatarClasses =
  "inline-flex size-8 items-center justify-center rounded-full bg-brand-100 text-xs font-bold text-brand-900 sm:hidden";

/** Up to two initials of a name ('Giulia Rossi' → 'GR'). */
function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase());
  return letters.join("") || "?";
}

/** An admin's ways into moderation (the reports, the shops waiting for approval) and the market dashboard. */
const ADMIN_LINKS = [
  { to: paths.adminReports.getHref(), label: FIRST_PAINT_MESSAGES.adminReports },
  { to: paths.adminShops.getHref(), label: FIRST_PAINT_MESSAGES.adminShops },
  { to: paths.adminMarket.getHref(), label: FIRST_PAINT_MESSAGES.adminMarket },
] as const;

function AccountMenu({ uid, name }: { uid: string; name: string }) {
  const [open, setOpen] = useState(false);
  // Asked once the page has settled, or when the menu first opens (Auth's ID token, its own chunk), so
  // the links are there when it opens.
  const [asked, setAsked] = useState(false);
  const isAdmin = useIsAdmin(uid, useSettled() || asked);
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
      console.error("Sign-out failed", error);
      toastError(FIRST_PAINT_MESSAGES.logoutError);
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
        onClick={() => {
          setAsked(true);
          setOpen((value) => !value);
        }}
        className="max-sm:px-1.5 sm:max-w-[14rem]"
      >
        <span className="sr-only">Account di </span>
        {/* On a phone the initials stand for the name (read out in full), so the header fits 360 px. */}
        <span aria-hidden="true" className={avatarClasses}>
          {initials(name)}
        </span>
        <span className="sr-only sm:not-sr-only sm:min-w-0">
          <span className="block truncate">{name}</span>
        </span>
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
          {isAdmin
            ? ADMIN_LINKS.map((link) => (
                <Link key={link.to} to={link.to} className={itemClasses} onClick={() => setOpen(false)}>
                  {link.label}
                </Link>
              ))
            : null}
          <button type="button" className={itemClasses} onClick={handleSignOut} disabled={busy}>
            Esci
          </button>
        </div>
      ) : null}
    </div>
  );
}
