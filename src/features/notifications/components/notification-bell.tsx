import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { buttonClasses } from "@/components/ui/button";
import { BellIcon } from "@/components/ui/icons";
import {
  type AppNotification,
  formatNotificationCount,
  NOTIFICATION_MESSAGES,
  notificationBellLabel,
} from "@/domain/notifications/notifications";
import { cn } from "@/lib/cn";
import { formatRelativeDate } from "@/lib/format";
import {
  markRead,
  markSeen,
  type NotificationsState,
  useNotifications,
  usePresence,
} from "../api/notifications";

/**
 * The header's bell (signed-in users): on a badge, how many notifications arrived since the bell was last
 * opened (`newCount`, from unreadCounts/{uid}, which the header follows anyway: the badge costs a page
 * load no read of its own), separate from 'Messaggi'; and a popover with the newest notifications, each a
 * link straight to its screen, the unread ones in bold (opening one marks it read; 'Segna tutte come
 * lette' marks them all). Opening the bell sets its count back to 0 and loads the list (live while the
 * bell is there). A disclosure button: Esc or a click outside closes it and focus returns to the bell.
 * Loaded lazily (src/app/layouts/user-menu.tsx); it also keeps the user's presence (lastSeenAt) while
 * the app is open.
 */
export function NotificationBell({
  uid,
  newCount,
  defaultOpen = false,
}: {
  uid: string;
  /** Undefined until the header's unread counts have loaded. */
  newCount: number | undefined;
  defaultOpen?: boolean;
}) {
  usePresence(uid);
  const [wanted, setWanted] = useState(defaultOpen);
  const state = useNotifications(uid, wanted);
  return (
    <NotificationBellView
      uid={uid}
      state={state}
      newCount={newCount}
      defaultOpen={defaultOpen}
      onOpen={() => setWanted(true)}
    />
  );
}

/**
 * The badge's number right after the bell opened: the stored count goes to 0 a moment later (the reset's
 * round trip), so until then what was there at opening is taken as seen; anything arriving on top shows.
 * Opened before the count had loaded (`undefined`: a tap right after the page loaded), the first count
 * that arrives is what was there at opening.
 */
function useUnseen(newCount: number | undefined, uid: string): { unseen: number; seen: () => void } {
  const [baseline, setBaseline] = useState(0);
  const [seenBeforeLoaded, setSeenBeforeLoaded] = useState(false);
  const count = newCount ?? 0;
  // The stored count fell (the reset landed, or another tab opened the bell): nothing to subtract.
  if (count < baseline) setBaseline(0);
  const markSeenAt = (value: number) => {
    if (value === 0) return;
    setBaseline(value);
    markSeen(uid);
  };
  useEffect(() => {
    if (!seenBeforeLoaded || newCount === undefined) return;
    setSeenBeforeLoaded(false);
    markSeenAt(newCount);
  });
  return {
    unseen: seenBeforeLoaded ? 0 : Math.max(0, count - baseline),
    seen: () => {
      if (newCount === undefined) setSeenBeforeLoaded(true);
      else markSeenAt(newCount);
    },
  };
}

export function NotificationBellView({
  uid,
  state,
  newCount,
  defaultOpen = false,
  onOpen,
}: {
  uid: string;
  state: NotificationsState;
  /** Notifications since the bell was last opened (unreadCounts/{uid}); undefined until it has loaded. */
  newCount: number | undefined;
  /** Opened by a tap on the bell before it had loaded (src/app/layouts/user-menu.tsx). */
  defaultOpen?: boolean;
  /** The popover opened (the list is wanted). */
  onOpen?: () => void;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const panelId = useId();
  const headingId = useId();
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const pressedHere = useRef(false);
  const { unseen, seen } = useUnseen(newCount, uid);

  // The tap landed on the loading bell, which this one replaced: keep the focus on the bell.
  useEffect(() => {
    if (defaultOpen) button.current?.focus();
  }, [defaultOpen]);

  // Open (a tap, or opened on arrival): what was new is seen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on opening only, not on each new count.
  useEffect(() => {
    if (!open) return;
    seen();
    onOpen?.();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      const target = event.target as Node;
      // A press that began on the loading bell opened this one during its own dispatch (this listener
      // joins it on its way up to the document): its target, that bell, has left the page since, and
      // is not a press outside.
      if (!target.isConnected) return;
      if (!container.current?.contains(target)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("pointerdown", closeOutside);
    document.addEventListener("keydown", closeOnEscape);
    return () => {
      document.removeEventListener("pointerdown", closeOutside);
      document.removeEventListener("keydown", closeOnEscape);
    };
  }, [open]);

  const unreadIds =
    state.status === "ready" ? state.items.filter((n) => n.readAt === null).map((n) => n.id) : [];

  return (
    <div ref={container} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={notificationBellLabel(unseen)}
        onPointerDown={() => {
          pressedHere.current = true;
        }}
        onClick={(event) => {
          // The tap that opened this bell began on the loading one it replaced (defaultOpen): its click
          // lands here, and toggling would close what it just opened. Keyboard clicks have no pointer.
          const tapFromLoadingBell = defaultOpen && event.detail > 0 && !pressedHere.current;
          pressedHere.current = false;
          if (!tapFromLoadingBell) setOpen((value) => !value);
        }}
        className={buttonClasses({ variant: "ghost", size: "sm", className: "relative max-sm:px-2" })}
      >
        <BellIcon />
        {unseen > 0 ? (
          <span
            aria-hidden="true"
            data-testid="notification-count"
            className="absolute -top-1 -right-1 inline-flex min-w-5 items-center justify-center rounded-full bg-orange-700 px-1.5 text-xs leading-5 font-bold text-white ring-2 ring-white"
          >
            {formatNotificationCount(unseen)}
          </span>
        ) : null}
      </button>
      {open ? (
        <section
          id={panelId}
          aria-labelledby={headingId}
          className="fixed inset-x-2 top-16 z-50 max-h-[70vh] overflow-y-auto rounded-xl border border-slate-200 bg-white p-2 shadow-lg sm:absolute sm:inset-x-auto sm:top-auto sm:right-0 sm:mt-2 sm:w-96"
        >
          <div className="flex items-center justify-between gap-2 px-2 py-1">
            <h2 id={headingId} className="text-base font-semibold text-slate-900">
              {NOTIFICATION_MESSAGES.listTitle}
            </h2>
            {unreadIds.length > 0 ? (
              <button
                type="button"
                className="focus-ring rounded-md px-2 py-1 text-sm font-medium text-brand-800 hover:bg-slate-100"
                onClick={() => markRead(uid, unreadIds)}
              >
                {NOTIFICATION_MESSAGES.markAllRead}
              </button>
            ) : null}
          </div>
          <NotificationList
            state={state}
            onOpen={(item) => {
              if (item.readAt === null) markRead(uid, [item.id]);
              setOpen(false);
            }}
          />
        </section>
      ) : null}
    </div>
  );
}

function NotificationList({
  state,
  onOpen,
}: {
  state: NotificationsState;
  onOpen: (item: AppNotification) => void;
}) {
  if (state.status === "loading") {
    return (
      <p role="status" className="px-2 py-4 text-sm text-slate-600">
        {NOTIFICATION_MESSAGES.loading}
      </p>
    );
  }
  if (state.status === "error") {
    return (
      <p role="alert" className="px-2 py-4 text-sm text-red-700">
        {NOTIFICATION_MESSAGES.loadError}
      </p>
    );
  }
  if (state.items.length === 0) {
    return <p className="px-2 py-4 text-sm text-slate-600">{NOTIFICATION_MESSAGES.empty}</p>;
  }
  return (
    <ul className="divide-y divide-slate-100">
      {state.items.map((item) => {
        const isUnread = item.readAt === null;
        return (
          <li key={item.id}>
            <Link
              to={item.link}
              onClick={() => onOpen(item)}
              className={cn(
                "focus-ring block rounded-lg px-2 py-3 hover:bg-slate-50",
                isUnread ? "bg-brand-50" : undefined,
              )}
            >
              <span className={cn("block text-sm text-slate-900", isUnread ? "font-bold" : "font-medium")}>
                {item.title}
                {isUnread ? <span className="sr-only"> ({NOTIFICATION_MESSAGES.unreadSuffix})</span> : null}
              </span>
              {item.body ? <span className="mt-0.5 block text-sm text-slate-700">{item.body}</span> : null}
              <span className="mt-1 block text-xs text-slate-600">{formatRelativeDate(item.createdAt)}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
