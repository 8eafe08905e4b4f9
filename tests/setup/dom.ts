import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import { settleNow } from "@/lib/after-settled";

// Every page but the marketing ones is React.lazy: the first visit in a test file transforms and
// loads its module graph, which on the 2 shared cores (beside the integration layer's stack, npm test)
// can take longer than the default 1 s.
configure({ asyncUtilTimeout: 5000 });

// Component tests never reach Firebase: a test mocks the src/data module it needs, and any other
// data call (e.g. the dashboard a test lands on after signing in) fails at once, without network.
vi.mock("@/data/firebase", () => {
  const offline = () => Promise.reject(new Error("Firebase non è disponibile nei test dei componenti"));
  return {
    getFirebaseApp: offline,
    getAuthInstance: offline,
    getReadyAuth: offline,
    getDb: offline,
    getFunctionsInstance: offline,
  };
});

// Live listeners wait for the page to settle (a first interaction or a few seconds after load); a
// component test expects them to start with the component.
settleNow();

afterEach(() => {
  cleanup();
  localStorage.clear();
});
