import { type AuthUser, onAuthChange, onIdTokenChange, signOut } from "@/data/auth";
import { clearDeviceSession, keepDeviceSession } from "@/data/device-session";
import { keepChatPreviewsOf } from "../chat-preview";
import { keepPickupCodesOf } from "../pickup-code-storage";
import { setSessionHint } from "./session-hint";
import { type SessionSnapshot, SIGNED_OUT_SESSION } from "./types";
import { keepUserCopyOf } from "./user-copy";

const loadFollowUser = () => import("./follow-user");

/**
 * The session's engine, loaded on demand (it pulls in Firebase): follows the auth state and, for a
 * signed-in user, users/{uid} (./follow-user.ts, whose code starts downloading here, while Firebase Auth
 * reads the stored session and checks it with the server).
 */
export function startSession(emit: (snapshot: SessionSnapshot) => void): () => void {
  let stopFollowing: (() => void) | undefined;
  const follower = loadFollowUser();
  follower.catch(() => undefined); // reported where it is used: there may be no signed-in user at all

  const follow = (user: AuthUser): (() => void) => {
    let stopped = false;
    let stop: (() => void) | undefined;
    follower.then(
      ({ followUser }) => {
        if (!stopped) stop = followUser(user, emit);
      },
      (error: unknown) => {
        console.error("Impossibile caricare la sessione", error);
        if (!stopped) emit({ loading: false, user, userData: null, homePath: null });
      },
    );
    return () => {
      stopped = true;
      stop?.();
    };
  };

  const stopAuth = onAuthChange(
    (user) => {
      stopFollowing?.();
      stopFollowing = undefined;
      setSessionHint(user !== null);
      // The chats this device keeps are the signed-in account's only.
      keepChatPreviewsOf(user?.uid ?? null);
      keepPickupCodesOf(user?.uid ?? null);
      keepUserCopyOf(user?.uid ?? null);
      if (!user) {
        emit(SIGNED_OUT_SESSION);
        return;
      }
      emit({ loading: true, user, userData: null, homePath: null });
      stopFollowing = follow(user);
    },
    (error) => {
      console.error("Stato di autenticazione non disponibile", error);
      emit(SIGNED_OUT_SESSION);
    },
  );

  // The token a page's first read may use before Firebase loads next time (src/lib/first-read.ts).
  const stopToken = onIdTokenChange((note) =>
    note ? keepDeviceSession(note.user, note.idToken, note.expiresAt) : clearDeviceSession(),
  );

  return () => {
    stopAuth();
    stopToken();
    stopFollowing?.();
  };
}

/**
 * The snapshot after Auth's `next`: Auth's, except that a kept session (./kept-session.ts) stays while
 * Auth still loads the same account (the page it opened does not fall back to its frame in between).
 */
export function nextSnapshot(current: SessionSnapshot, next: SessionSnapshot): SessionSnapshot {
  return current.provisional && next.loading && next.user?.uid === current.user?.uid ? current : next;
}

export async function signOutSession(): Promise<void> {
  // This browser's push device leaves first, while the rules still know its owner (src/data/push.ts,
  // loaded here and when notifications are turned on or off).
  await import("@/data/push").then((push) => push.forgetThisDevice()).catch(Boolean);
  await signOut();
  setSessionHint(false);
  clearDeviceSession();
  keepChatPreviewsOf(null);
  keepPickupCodesOf(null);
  keepUserCopyOf(null);
}
