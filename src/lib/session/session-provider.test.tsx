import { QueryClient, QueryClientProvider, useQueryClient } from "@tanstack/react-query";
import { act, render, screen, waitFor } from "@testing-library/react";
import { Suspense } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AuthUser } from "@/data/auth";
import { clearDeviceSession, keepAppCheckToken, keepDeviceSession } from "@/data/device-session";
import { setSessionHint } from "./session-hint";
import type { SessionValue } from "./session-provider";
import { keepUserCopyOf, writeUserCopy } from "./user-copy";

// Which of the session's modules were loaded, in order (a mocked module's factory runs on its first import).
const loaded = vi.hoisted(() => [] as string[]);
// How often the engine started (a mocked module's factory runs once per test file, its functions every time).
const engineStarts = vi.hoisted(() => ({ count: 0 }));
// What the engine reports to the provider (the test plays sign-ins and sign-outs through it).
const engine = vi.hoisted(() => ({ emit: (_snapshot: unknown): void => undefined }));

vi.mock("./session-runtime", () => {
  loaded.push("session-runtime");
  return {
    startSession: (emit: (snapshot: unknown) => void) => {
      engineStarts.count += 1;
      engine.emit = emit;
      return () => undefined;
    },
    nextSnapshot: (_current: unknown, next: unknown) => next,
    signOutSession: async () => undefined,
  };
});
vi.mock("./follow-user", () => {
  loaded.push("follow-user");
  return { followUser: () => () => undefined };
});
vi.mock("@/data/user-parsing", () => {
  loaded.push("user-parsing");
  // The kept profile as it was written (the schema's own checks: kept-session.test.ts).
  return { parseUser: (data: unknown) => data };
});

/** A screen that needs the session (a guarded page), with the hook of the provider it is under. */
function GuardedScreen({ useStart }: { useStart: () => unknown }) {
  useStart();
  return null;
}

/** A guarded screen under a provider from a fresh module registry (each test sees its own first imports). */
async function renderGuardedScreen() {
  const { SessionProvider, useSessionStart } = await import("./session-provider");
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <SessionProvider>
        <GuardedScreen useStart={useSessionStart} />
      </SessionProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.resetModules();
  loaded.length = 0;
});

afterEach(() => {
  setSessionHint(false);
  clearDeviceSession();
  localStorage.removeItem("vicino.deviceSession"); // the App Check token too
  keepUserCopyOf(null);
});

describe("SessionProvider's start", () => {
  it("on a browser with no session hint loads only the engine, not a signed-in session's code", async () => {
    await renderGuardedScreen();
    await waitFor(() => expect(loaded).toContain("session-runtime"));
    expect(loaded).toEqual(["session-runtime"]);
  });

  it("on a browser with a session hint also asks for the user's follower and parser", async () => {
    setSessionHint(true);
    await renderGuardedScreen();
    await waitFor(() => expect(loaded).toEqual(expect.arrayContaining(["follow-user", "user-parsing"])));
  });
});

/** What a guarded screen saw at each render, and whether the engine had started by then. */
const seen: { session: SessionValue; engineLoaded: boolean }[] = [];
let useStartUnderTest: () => SessionValue = () => {
  throw new Error("set by the test");
};
function useRecordedStart() {
  const session = useStartUnderTest();
  seen.push({ session, engineLoaded: engineStarts.count > 0 });
}

describe("a session this device kept", () => {
  it("opens the page on it at once, and loads Firebase Auth's engine only after that", async () => {
    setSessionHint(true);
    keepAppCheckToken("app-check", Date.now() + 3_600_000); // a real project's reads need it too
    keepDeviceSession(
      { uid: "anna", email: "anna@example.it" } as AuthUser,
      "id-token",
      Date.now() + 3_600_000,
    );
    writeUserCopy("anna", { id: "anna", uid: "anna", displayName: "Anna Neri", userType: "customer" });
    seen.length = 0;
    engineStarts.count = 0;
    const { SessionProvider, useSessionStart } = await import("./session-provider");
    useStartUnderTest = useSessionStart;
    render(
      <QueryClientProvider client={new QueryClient()}>
        <SessionProvider>
          <GuardedScreen useStart={useRecordedStart} />
        </SessionProvider>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(engineStarts.count).toBe(1), { timeout: 10_000 });
    const opened = seen.find(({ session }) => !session.loading);
    expect(opened?.session).toMatchObject({
      provisional: true,
      user: { uid: "anna" },
      userData: { displayName: "Anna Neri", isFallback: false },
      homePath: "/customer",
    });
    expect(opened?.engineLoaded).toBe(false);
  });
});

/** A screen that reads data: records the app's client it is given. */
const cached: { client?: QueryClient } = {};
function Reader() {
  cached.client = useQueryClient();
  return <p>letto</p>;
}

describe("another account on the same app", () => {
  it("never sees the previous one's cached data: the app's client is emptied when the account changes", async () => {
    const { SessionProvider, useSessionStart } = await import("./session-provider");
    const { AppQueryClient, WithQueryClient, loadQueryClientCode } = await import("../app-query-client");
    await loadQueryClientCode(); // as a page's code brings it
    engineStarts.count = 0;
    render(
      <AppQueryClient onError={() => undefined}>
        <SessionProvider>
          <GuardedScreen useStart={useSessionStart} />
          <Suspense fallback={null}>
            <WithQueryClient>
              <Reader />
            </WithQueryClient>
          </Suspense>
        </SessionProvider>
      </AppQueryClient>,
    );
    await screen.findByText("letto");
    await waitFor(() => expect(engineStarts.count).toBe(1));
    const signedIn = (uid: string) => ({
      loading: false,
      user: { uid, email: `${uid}@example.it` },
      userData: { id: uid, displayName: uid, userType: "customer", isFallback: false },
      homePath: "/customer",
    });
    act(() => engine.emit(signedIn("anna")));
    cached.client?.setQueryData(["richieste", "anna"], ["la richiesta di Anna"]);
    act(() => engine.emit(signedIn("bruno")));
    await waitFor(() => expect(cached.client?.getQueryData(["richieste", "anna"])).toBeUndefined());
  });
});
