import { useEffect, useState } from "react";
import {
  markNotificationsRead,
  subscribeToNotificationPreferences,
  subscribeToNotifications,
  touchPresence,
} from "@/data/notifications";
import { markNotificationsSeen } from "@/data/unread-counts";
import {
  type AppNotification,
  LAST_SEEN_THROTTLE_MS,
  type NotificationPreferences,
} from "@/domain/notifications/notifications";
import { afterSettled } from "@/lib/after-settled";

export type NotificationsState =
  | { status: "loading" }
  | { status: "error" }
  | { status: "ready"; items: AppNotification[] };

/**
 * The user's newest notifications, live, once `wanted` (the bell was opened: a page load reads none of
 * them, the badge comes with unreadCounts/{uid}); the listener stays until the bell goes, so opening it
 * again shows them at once.
 */
export function useNotifications(uid: string, wanted: boolean): NotificationsState {
  const [state, setState] = useState<NotificationsState>({ status: "loading" });
  useEffect(() => {
    if (!wanted) return;
    setState({ status: "loading" });
    return subscribeToNotifications(uid, {
      next: (items) => setState({ status: "ready", items }),
      error: (cause) => {
        console.error("Notifications stopped", cause);
        setState({ status: "error" });
      },
    });
  }, [uid, wanted]);
  return state;
}

/** The bell was opened: its count of new notifications goes back to 0 (a failure is logged only). */
export function markSeen(uid: string): void {
  markNotificationsSeen(uid).catch((cause: unknown) => console.error("Bell count not reset", cause));
}

/** Marks notifications read; a failure is logged (the bell stays as it was, nothing is lost). */
export function markRead(uid: string, ids: readonly string[]): void {
  markNotificationsRead(uid, ids).catch((cause: unknown) => console.error("Marking read failed", cause));
}

/** The e-mail switches, live (undefined while loading). */
export function useNotificationPreferences(uid: string): {
  preferences: NotificationPreferences | undefined;
  failed: boolean;
} {
  const [preferences, setPreferences] = useState<NotificationPreferences>();
  const [failed, setFailed] = useState(false);
  useEffect(
    () =>
      subscribeToNotificationPreferences(uid, {
        next: setPreferences,
        error: (cause) => {
          console.error("Notification preferences stopped", cause);
          setFailed(true);
        },
      }),
    [uid],
  );
  return { preferences, failed };
}

/** When this page last stamped each user's presence (kept across the bell's remounts). */
const lastTouched = new Map<string, number>();

/**
 * While the app is open and visible, stamps lastSeenAt at most once a LAST_SEEN_THROTTLE_MS, so the
 * message trigger e-mails only people who have been away for 10 minutes.
 */
export function usePresence(uid: string): void {
  useEffect(() => {
    const touch = () => {
      if (document.visibilityState !== "visible") return;
      const now = Date.now();
      if (now - (lastTouched.get(uid) ?? 0) < LAST_SEEN_THROTTLE_MS) return;
      lastTouched.set(uid, now);
      touchPresence(uid).catch((cause: unknown) => console.warn("Presence not saved", cause));
    };
    // The first stamp waits for the page's first paint, like the listeners.
    const cancel = afterSettled(touch);
    const timer = window.setInterval(touch, LAST_SEEN_THROTTLE_MS);
    document.addEventListener("visibilitychange", touch);
    return () => {
      cancel();
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", touch);
    };
  }, [uid]);
}
