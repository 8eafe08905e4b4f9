import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { buttonClasses } from "@/components/ui/button";
import { BellIcon } from "@/components/ui/icons";
import {
  type AppNotification,
  formatNotificationCount,
  NOTIFICATION_MESSAGES,
  notificationBellLabel,
} from "@/domain/notifications";
import { cn } from "@/lib/cn";
import { formatRelativeDate } from "@/lib/format";
import { markRead, type NotificationsState, useNotifications, usePresence } from "../api/notifications";

/**
 * The header's bell (signed-in users): the unread count on a badge, separate from 'Messaggi', and a
 * popover with the newest notifications, each a link straight to its screen (opening one marks it read;
 * 'Segna tutte come lette' marks them all). A disclosure button: Esc or a click outside closes it and
 * focus returns to the bell. Loaded lazily with Firestore (src/app/layouts/user-menu.tsx); it also keeps
 * the user's presence (lastSeenAt) while the app is open.
 */
export function NotificationBell({ uid, defaultOpen = false }: { uid: string; defaultOpen?: boolean }) {
  usePresence(uid);
  const state = useNotifications(uid);
  return <NotificationBellView uid={uid} state={state} defaultOpen={defaultOpen} />;
}

export function NotificationBellView({
  uid,
  state,
  defaultOpen = false,
}: {
  uid: string;
  state: NotificationsState;
  /** Opened by a tap on the bell before it had loaded (src/app/layouts/user-menu.tsx). */
  defaultOpen?: boolean;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const panelId = useId();
  const headingId = useId();
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const unread = state.status === "ready" ? state.unread : 0;

  // The tap landed on the loading bell, which this one replaced: keep the focus on the bell.
  useEffect(() => {
    if (defaultOpen) button.current?.focus();
  }, [defaultOpen]);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
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
        aria-label={notificationBellLabel(unread)}
        onClick={() => setOpen((value) => !value)}
        className={buttonClasses({ variant: "ghost", size: "sm", className: "relative max-sm:px-2" })}
      >
        <BellIcon />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            data-testid="notification-count"
            className="absolute -top-1 -right-1 inline-flex min-w-5 items-center justify-center rounded-full bg-orange-700 px-1.5 text-xs leading-5 font-bold text-white ring-2 ring-white"
          >
            {formatNotificationCount(unread)}
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
