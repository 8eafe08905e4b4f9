import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, waitFor } from "@testing-library/react";
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

vi.mock("./session-runtime", () => {
  loaded.push("session-runtime");
  return {
    startSession: () => {
      engineStarts.count += 1;
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
