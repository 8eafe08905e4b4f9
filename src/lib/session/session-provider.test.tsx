import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setSessionHint } from "./session-hint";

// Which of the session's modules were loaded, in order (a mocked module's factory runs on its first import).
const loaded = vi.hoisted(() => [] as string[]);

vi.mock("./session-runtime", () => {
  loaded.push("session-runtime");
  return { startSession: () => () => undefined, signOutSession: async () => undefined };
});
vi.mock("./follow-user", () => {
  loaded.push("follow-user");
  return { followUser: () => () => undefined };
});
vi.mock("@/data/user-parsing", () => {
  loaded.push("user-parsing");
  return { parseUser: () => undefined };
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
