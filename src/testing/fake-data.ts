import { vi } from "vitest";
import type * as AccountModule from "@/data/account";
import type * as AuthModule from "@/data/auth";
import type { AuthUser } from "@/data/auth";
import type * as EmailModule from "@/data/email";
import type * as UsersModule from "@/data/users";
import type { UserListener } from "@/data/users";
import type { UserType } from "@/domain/core/user-type";
import type { User } from "@/domain/people/user";
import { setSessionHint } from "@/lib/session/session-hint";

/**
 * An in-memory stand-in for the data layer (src/data/*), for component tests that mock at that
 * boundary:
 *
 *   vi.mock("@/data/auth", () => import("@/testing/fake-data").then((m) => m.fakeAuthModule));
 *   (same for users, functions, email)
 *   beforeEach(resetFakeData);
 *
 * Every export is a vi.fn with a working default (accounts, users/{uid}, listeners), so a test can
 * seed a signed-in user, assert calls, or override one call (mockRejectedValueOnce).
 */

type Account = AuthUser & { password?: string };

const state = {
  accounts: new Map<string, Account>(),
  current: null as AuthUser | null,
  authListeners: new Set<(user: AuthUser | null) => void>(),
  users: new Map<string, User>(),
  userListeners: new Map<string, Set<UserListener>>(),
  nextId: 1,
};

/** An Error carrying a Firebase-style code (`auth/...`, `functions/...`). */
export function codedError(code: string, message = code): Error & { code: string } {
  return Object.assign(new Error(message), { code });
}

const publicUser = ({ password: _password, ...user }: Account): AuthUser => ({ ...user });

function setCurrent(user: AuthUser | null) {
  state.current = user;
  for (const listener of state.authListeners) listener(user);
}

function notifyUser(uid: string) {
  for (const listener of state.userListeners.get(uid) ?? []) listener.next(state.users.get(uid) ?? null);
}

function findByEmail(email: string): Account | undefined {
  return [...state.accounts.values()].find((account) => account.email === email);
}

function newAccount(fields: Partial<Account> & { email: string }): Account {
  const uid = fields.uid ?? `uid-${state.nextId++}`;
  const account: Account = {
    uid,
    email: fields.email,
    displayName: fields.displayName ?? null,
    photoURL: fields.photoURL ?? null,
    emailVerified: fields.emailVerified ?? false,
    providerIds: fields.providerIds ?? [fields.password ? "password" : "emailLink"],
    ...(fields.password ? { password: fields.password } : {}),
  };
  state.accounts.set(uid, account);
  return account;
}

// --- Seeding helpers -----------------------------------------------------------------------------

export type SeedUser = {
  uid?: string;
  email: string;
  displayName: string;
  userType: UserType;
  password?: string;
  /** The Auth account proved its address (false by default, as after a password sign-up). */
  emailVerified?: boolean;
} & Partial<Omit<User, "id" | "uid" | "email" | "displayName" | "userType">>;

/** An account with its users/{uid} document; signed in when `signedIn` (default true). */
/**
 * A browser with a signed-in session also has the session hint (session-runtime sets it whenever a
 * user is signed in), which the route guards read before Firebase has answered.
 */
function signIn(account: Account): void {
  state.current = publicUser(account);
  setSessionHint(true);
}

export function seedUser(seed: SeedUser, { signedIn = true } = {}): { account: AuthUser; user: User } {
  const { password, emailVerified, ...fields } = seed;
  const account = newAccount({
    email: seed.email,
    displayName: seed.displayName,
    ...(seed.uid ? { uid: seed.uid } : {}),
    ...(password ? { password } : {}),
    ...(emailVerified === undefined ? {} : { emailVerified }),
  });
  const user: User = {
    createdAt: new Date("2026-01-01T10:00:00Z"),
    ...fields,
    id: account.uid,
    uid: account.uid,
  };
  state.users.set(account.uid, user);
  if (signedIn) signIn(account);
  return { account: publicUser(account), user };
}

/** An account without a users document. */
export function seedAccount(
  fields: Partial<Account> & { email: string },
  { signedIn = false } = {},
): AuthUser {
  const account = newAccount(fields);
  if (signedIn) signIn(account);
  return publicUser(account);
}

export function storedUser(uid: string): User | undefined {
  return state.users.get(uid);
}

export function currentAuthUser(): AuthUser | null {
  return state.current;
}

// --- @/data/auth ---------------------------------------------------------------------------------

export const fakeAuthModule = {
  registerWithPassword: vi.fn<typeof AuthModule.registerWithPassword>(),
  signInWithPassword: vi.fn<typeof AuthModule.signInWithPassword>(),
  signInWithGoogle: vi.fn<typeof AuthModule.signInWithGoogle>(),
  signInWithToken: vi.fn<typeof AuthModule.signInWithToken>(),
  signOut: vi.fn<typeof AuthModule.signOut>(),
  deleteCurrentAccount: vi.fn<typeof AuthModule.deleteCurrentAccount>(),
  currentIdToken: vi.fn<typeof AuthModule.currentIdToken>(),
  isSignedInAs: vi.fn<typeof AuthModule.isSignedInAs>(async (uid) => state.current?.uid === uid),
  onAuthChange: vi.fn<typeof AuthModule.onAuthChange>(),
  // The token note (src/data/device-session.ts) is not the fakes' concern: nothing to follow.
  onIdTokenChange: vi.fn<typeof AuthModule.onIdTokenChange>(() => () => undefined),
  isEmailSignInLink: vi.fn<typeof AuthModule.isEmailSignInLink>(),
  completeEmailLinkSignIn: vi.fn<typeof AuthModule.completeEmailLinkSignIn>(),
  sendFirebaseSignInLink: vi.fn<typeof AuthModule.sendFirebaseSignInLink>(),
} satisfies Record<keyof typeof AuthModule, unknown>;

// --- @/data/users --------------------------------------------------------------------------------

export const fakeUsersModule = {
  loadUserParser: vi.fn<typeof UsersModule.loadUserParser>(),
  getUser: vi.fn<typeof UsersModule.getUser>(),
  subscribeUser: vi.fn<typeof UsersModule.subscribeUser>(),
  createUserDoc: vi.fn<typeof UsersModule.createUserDoc>(),
  updateUserProfile: vi.fn<typeof UsersModule.updateUserProfile>(),
} satisfies Record<keyof typeof UsersModule, unknown>;

// --- @/data/account ----------------------------------------------------------------------------

export const fakeFunctionsModule = {
  createMagicLink: vi.fn<typeof AccountModule.createMagicLink>(),
  verifyMagicLink: vi.fn<typeof AccountModule.verifyMagicLink>(),
  syncProfile: vi.fn<typeof AccountModule.syncProfile>(),
  reclaimAccount: vi.fn<typeof AccountModule.reclaimAccount>(),
} satisfies Record<keyof typeof AccountModule, unknown>;

// --- @/data/email --------------------------------------------------------------------------------

class FakeSendEmailError extends Error {
  override name = "SendEmailError";
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export const fakeEmailModule = {
  SEND_EMAIL_PATH: "/api/send-email",
  SendEmailError: FakeSendEmailError,
  sendEmail: vi.fn<typeof EmailModule.sendEmail>(),
} satisfies Record<keyof typeof EmailModule, unknown>;

/** Clears every account, document and listener, and restores the default implementations. */
export function resetFakeData(): void {
  state.accounts.clear();
  state.current = null;
  state.authListeners.clear();
  state.users.clear();
  state.userListeners.clear();
  state.nextId = 1;

  const auth = fakeAuthModule;
  auth.registerWithPassword.mockReset().mockImplementation(async ({ email, password, displayName }) => {
    if (findByEmail(email)) throw codedError("auth/email-already-in-use");
    const account = newAccount({ email, password, displayName });
    setCurrent(publicUser(account));
    return publicUser(account);
  });
  auth.signInWithPassword.mockReset().mockImplementation(async (email, password) => {
    const account = findByEmail(email);
    if (!account) throw codedError("auth/user-not-found");
    if (account.password !== password) throw codedError("auth/wrong-password");
    setCurrent(publicUser(account));
    return publicUser(account);
  });
  auth.signInWithGoogle.mockReset().mockImplementation(async () => {
    const existing = findByEmail("google.user@example.com");
    const account =
      existing ??
      newAccount({
        email: "google.user@example.com",
        displayName: "Giulia Verdi",
        photoURL: "https://example.com/giulia.png",
        emailVerified: true,
        providerIds: ["google.com"],
      });
    setCurrent(publicUser(account));
    return { user: publicUser(account), isNewUser: !existing };
  });
  auth.signInWithToken.mockReset().mockImplementation(async (token) => {
    const account = state.accounts.get(token.replace(/^custom:/, ""));
    if (!account) throw codedError("auth/invalid-custom-token");
    setCurrent(publicUser(account));
    return publicUser(account);
  });
  auth.signOut.mockReset().mockImplementation(async () => setCurrent(null));
  auth.isSignedInAs.mockReset().mockImplementation(async (uid) => state.current?.uid === uid);
  auth.deleteCurrentAccount.mockReset().mockImplementation(async () => {
    if (state.current) state.accounts.delete(state.current.uid);
    setCurrent(null);
  });
  auth.currentIdToken
    .mockReset()
    .mockImplementation(async () => (state.current ? `id-token:${state.current.uid}` : null));
  auth.onIdTokenChange.mockReset().mockImplementation(() => () => undefined);
  auth.onAuthChange.mockReset().mockImplementation((listener) => {
    state.authListeners.add(listener);
    queueMicrotask(() => {
      if (state.authListeners.has(listener)) listener(state.current);
    });
    return () => state.authListeners.delete(listener);
  });
  auth.isEmailSignInLink.mockReset().mockImplementation(async (url) => url.includes("oobCode="));
  auth.completeEmailLinkSignIn.mockReset().mockImplementation(async (email) => {
    const account = findByEmail(email) ?? newAccount({ email, emailVerified: true });
    setCurrent(publicUser(account));
    return publicUser(account);
  });
  auth.sendFirebaseSignInLink.mockReset().mockResolvedValue(undefined);

  const users = fakeUsersModule;
  users.loadUserParser.mockReset().mockImplementation(async () => (data) => data as User);
  users.getUser.mockReset().mockImplementation(async (uid) => state.users.get(uid) ?? null);
  users.subscribeUser.mockReset().mockImplementation((uid, listener) => {
    const listeners = state.userListeners.get(uid) ?? new Set();
    listeners.add(listener);
    state.userListeners.set(uid, listeners);
    queueMicrotask(() => {
      if (listeners.has(listener)) listener.next(state.users.get(uid) ?? null);
    });
    return () => listeners.delete(listener);
  });
  users.createUserDoc.mockReset().mockImplementation(async (input) => {
    state.users.set(input.uid, { ...input, id: input.uid, createdAt: new Date(), updatedAt: new Date() });
    notifyUser(input.uid);
  });
  users.updateUserProfile.mockReset().mockImplementation(async (uid, update) => {
    const user = state.users.get(uid);
    if (!user) throw codedError("not-found");
    state.users.set(uid, { ...user, ...update, updatedAt: new Date() });
    notifyUser(uid);
  });

  const functions = fakeFunctionsModule;
  functions.createMagicLink.mockReset().mockResolvedValue({ ok: true });
  functions.verifyMagicLink
    .mockReset()
    .mockRejectedValue(codedError("functions/failed-precondition", "Token non valido o scaduto"));
  functions.reclaimAccount.mockReset().mockResolvedValue({ reclaimed: false });
  functions.syncProfile.mockReset().mockImplementation(async () => {
    const user = state.current ? state.users.get(state.current.uid) : undefined;
    if (!user) throw codedError("functions/not-found", "Dati utente non trovati");
    return {
      profile: {
        uid: user.id,
        displayName: user.displayName,
        userType: user.userType,
        averageRating: 0,
        totalRatings: 0,
      },
    };
  });

  fakeEmailModule.sendEmail.mockReset().mockResolvedValue(undefined);
}
