import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// Every page but the marketing ones is React.lazy: the first visit in a test file transforms and
// loads its module graph, which on the 2 shared cores can take longer than the default 1 s.
configure({ asyncUtilTimeout: 3000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
