import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setSessionHint } from "./session-hint";
import { SessionProvider, useSessionStart } from "./session-provider";

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

function GuardedScreen() {
  useSessionStart();
  return null;
}

function renderGuardedScreen() {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <SessionProvider>
        <GuardedScreen />
      </SessionProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  setSessionHint(false);
});

describe("SessionProvider's start", () => {
  // Run first: the mocked modules' factories run once per file.
  it("on a browser with no session hint loads only the engine, not a signed-in session's code", async () => {
    renderGuardedScreen();
    await waitFor(() => expect(loaded).toContain("session-runtime"));
    expect(loaded).toEqual(["session-runtime"]);
  });

  it("on a browser with a session hint also asks for the user's follower and parser", async () => {
    setSessionHint(true);
    renderGuardedScreen();
    await waitFor(() => expect(loaded).toEqual(expect.arrayContaining(["follow-user", "user-parsing"])));
  });
});
