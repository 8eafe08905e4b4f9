import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AuthUser } from "@/data/auth";
import { USER_DOC_RETRY_MS, USER_DOC_TIMEOUT_MS } from "@/domain/core/limits";
import type { User } from "@/domain/people/user";
import { stubMemoryLocalStorage } from "@/testing/memory-storage";
import type { SessionSnapshot } from "./types";

// The session's engine with Firebase replaced: the auth state, one-off reads and the live listener are
// driven by the test, to check what a new account sees while its users document is being written.
const auth = vi.hoisted(() => ({
  onChange: undefined as ((user: unknown) => void) | undefined,
  onToken: undefined as ((note: unknown) => void) | undefined,
}));
const users = vi.hoisted(() => ({ reads: [] as Array<unknown>, live: vi.fn() }));

vi.mock("@/data/auth", () => ({
  onAuthChange: (next: (user: unknown) => void) => {
    auth.onChange = next;
    return () => {};
  },
  onIdTokenChange: (next: (note: unknown) => void) => {
    auth.onToken = next;
    return () => {};
  },
  signOut: vi.fn(),
}));
vi.mock("@/data/users", () => ({
  getUser: vi.fn(async () => users.reads.shift() ?? null),
  loadUserParser: async () => (data: unknown) => data,
  subscribeUser: users.live,
}));
vi.mock("./session-hint", () => ({ setSessionHint: vi.fn() }));
const previews = vi.hoisted(() => ({ keepChatPreviewsOf: vi.fn() }));
vi.mock("../chat-preview", () => previews);
const push = vi.hoisted(() => ({ forgetThisDevice: vi.fn(async () => undefined) }));
vi.mock("@/data/push", () => push);

const { nextSnapshot, startSession, signOutSession } = await import("./session-runtime");
const { validDeviceSession } = await import("@/data/device-session");
const { readUserCopy, writeUserCopy } = await import("./user-copy");

const account: AuthUser = { uid: "anna", email: "anna.neri@example.it", displayName: null } as AuthUser;
const stored = {
  id: "anna",
  uid: "anna",
  email: "anna.neri@example.it",
  displayName: "Anna Neri",
  userType: "customer",
} as User;

describe("the session of a new account", () => {
  let seen: SessionSnapshot[];
  beforeEach(() => {
    vi.useFakeTimers();
    seen = [];
    users.reads = [];
    users.live.mockReset().mockReturnValue(() => {});
  });
  afterEach(() => vi.useRealTimers());

  it("reads the users document again until the sign-up has written it, before any fallback", async () => {
    users.reads = [null, null, stored]; // written between the second and third read
    startSession((snapshot) => seen.push(snapshot));
    auth.onChange?.(account);
    await vi.dynamicImportSettled(); // the session's second half (follow-user.ts)
    await vi.advanceTimersByTimeAsync(2 * USER_DOC_RETRY_MS + 10);
    expect(users.live).toHaveBeenCalledOnce(); // the live listener is started too
    const last = seen.at(-1);
    expect(last?.loading).toBe(false);
    expect(last?.userData).toMatchObject({ displayName: "Anna Neri", isFallback: false });
    expect(seen.some((snapshot) => snapshot.userData?.isFallback)).toBe(false);
  });

  it("falls back after the timeout, stops reading, and still takes the document from the listener", async () => {
    startSession((snapshot) => seen.push(snapshot));
    auth.onChange?.(account);
    await vi.dynamicImportSettled(); // the session's second half (follow-user.ts)
    await vi.advanceTimersByTimeAsync(USER_DOC_TIMEOUT_MS + 10);
    expect(seen.at(-1)?.userData).toMatchObject({ displayName: "anna.neri", isFallback: true });
    const { getUser } = await import("@/data/users");
    const readsAtFallback = vi.mocked(getUser).mock.calls.length;
    await vi.advanceTimersByTimeAsync(10 * USER_DOC_RETRY_MS);
    expect(vi.mocked(getUser).mock.calls.length).toBe(readsAtFallback);

    const listener = users.live.mock.calls[0]?.[1] as { next: (user: User | null) => void };
    listener.next(stored);
    expect(seen.at(-1)?.userData).toMatchObject({ displayName: "Anna Neri", isFallback: false });
  });
});

describe("the session of a returning account", () => {
  beforeEach(() => {
    stubMemoryLocalStorage();
    users.reads = [];
    users.live.mockReset().mockReturnValue(() => {});
  });
  afterEach(() => vi.unstubAllGlobals());

  it("shows the document this device kept without reading it, and the listener's snapshot replaces it", async () => {
    const { getUser } = await import("@/data/users");
    vi.mocked(getUser).mockClear();
    writeUserCopy("anna", stored);
    const seen: SessionSnapshot[] = [];
    startSession((snapshot) => seen.push(snapshot));
    auth.onChange?.(account);
    await vi.dynamicImportSettled();
    await vi.waitFor(() => expect(seen.at(-1)?.userData).toMatchObject({ displayName: "Anna Neri" }));
    expect(getUser).not.toHaveBeenCalled();
    expect(users.live).toHaveBeenCalledOnce();
    const listener = users.live.mock.calls[0]?.[1] as { next: (user: User | null) => void };
    listener.next({ ...stored, displayName: "Anna Neri Bianchi" });
    expect(seen.at(-1)?.userData).toMatchObject({ displayName: "Anna Neri Bianchi", isFallback: false });
    // What the listener read is the next load's copy.
    expect(readUserCopy("anna")).toMatchObject({ displayName: "Anna Neri Bianchi" });
  });

  it("reads the document when there is no copy, and keeps what it read", async () => {
    users.reads = [stored];
    const seen: SessionSnapshot[] = [];
    startSession((snapshot) => seen.push(snapshot));
    auth.onChange?.(account);
    await vi.dynamicImportSettled();
    await vi.waitFor(() => expect(seen.at(-1)?.userData).toMatchObject({ displayName: "Anna Neri" }));
    expect(readUserCopy("anna")).toMatchObject({ displayName: "Anna Neri" });
  });
});

describe("the chats kept on this device", () => {
  beforeEach(() => previews.keepChatPreviewsOf.mockReset());

  it("are kept for the account found signed in, cleared when none is, and at sign-out", async () => {
    startSession(() => {});
    auth.onChange?.(account);
    expect(previews.keepChatPreviewsOf).toHaveBeenLastCalledWith("anna");
    auth.onChange?.(null);
    expect(previews.keepChatPreviewsOf).toHaveBeenLastCalledWith(null);

    previews.keepChatPreviewsOf.mockReset();
    await signOutSession();
    expect(previews.keepChatPreviewsOf).toHaveBeenCalledWith(null);
  });
});

describe("this browser's push device at sign-out", () => {
  it("is removed before Auth signs out (the rules still know its owner), and a failure does not stop it", async () => {
    const { signOut } = await import("@/data/auth");
    const before = vi.mocked(signOut).mock.calls.length;
    const order: string[] = [];
    push.forgetThisDevice.mockImplementationOnce(async () => void order.push("device"));
    vi.mocked(signOut).mockImplementationOnce(async () => void order.push("auth"));
    await signOutSession();
    expect(order).toEqual(["device", "auth"]);

    push.forgetThisDevice.mockRejectedValueOnce(new Error("offline"));
    await signOutSession();
    expect(vi.mocked(signOut).mock.calls.length - before).toBe(2);
  });
});

describe("the token this device keeps for the first reads", () => {
  beforeEach(() => {
    stubMemoryLocalStorage();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("is kept on every new token, and dropped when Auth signs out and at sign-out", async () => {
    const now = Date.now();
    startSession(() => {});
    auth.onToken?.({ user: account, idToken: "token-1", expiresAt: now + 3_600_000 });
    expect(validDeviceSession(now, false)).toMatchObject({ user: { uid: "anna" }, idToken: "token-1" });
    auth.onToken?.({ user: account, idToken: "token-2", expiresAt: now + 3_600_000 });
    expect(validDeviceSession(now, false)?.idToken).toBe("token-2");
    auth.onToken?.(null);
    expect(validDeviceSession(now, false)).toBeNull();

    auth.onToken?.({ user: account, idToken: "token-3", expiresAt: now + 3_600_000 });
    await signOutSession();
    expect(validDeviceSession(now, false)).toBeNull();
  });
});

describe("the session this device kept, while Auth loads", () => {
  const kept: SessionSnapshot = {
    loading: false,
    user: account,
    userData: { ...stored, uid: "anna", isFallback: false },
    homePath: "/customer",
    provisional: true,
  };

  it("stays while Auth loads the same account, and gives way to its answer or to another account", () => {
    expect(nextSnapshot(kept, { loading: true, user: account, userData: null, homePath: null })).toBe(kept);
    const confirmed: SessionSnapshot = { ...kept, provisional: undefined };
    expect(nextSnapshot(kept, confirmed)).toBe(confirmed);
    const signedOut: SessionSnapshot = { loading: false, user: null, userData: null, homePath: null };
    expect(nextSnapshot(kept, signedOut)).toBe(signedOut);
    const other: SessionSnapshot = {
      loading: true,
      user: { ...account, uid: "bea" },
      userData: null,
      homePath: null,
    };
    expect(nextSnapshot(kept, other)).toBe(other);
  });
});
