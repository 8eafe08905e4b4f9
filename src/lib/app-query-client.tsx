import { type QueryClient, QueryClientContext, QueryClientProvider } from "@tanstack/react-query";
import {
  type ComponentType,
  createContext,
  type ReactNode,
  use,
  useCallback,
  useContext,
  useState,
} from "react";
import type { ErrorDisplay } from "./query-client";

// The app's react-query cache on demand. Its code (react-query's QueryClient, its caches, the app's
// defaults in ./query-client.ts: ~8 kB gzip) is not in the entry chunk: the marketing pages read no data
// (architecture §8's 120 kB budget). The app provider holds an empty slot; the first screen that reads
// data (a lazy page, the header's listeners) loads that code with its own and renders under
// <WithQueryClient>, which creates the one client of the app in the slot and provides it. What runs
// outside those screens (the session's sign-out, the suspension notice, a route's early reads) asks for
// the client it needs through the hooks below, which also take a client a test provides.

type QueryClientModule = typeof import("./query-client");
type OnError = (error: unknown, source: "query" | "mutation", display: ErrorDisplay) => void;

let loaded: QueryClientModule | undefined;
let loading: Promise<QueryClientModule> | undefined;

/** The query client's code, downloaded once (again after a failed download). */
export function loadQueryClientCode(): Promise<QueryClientModule> {
  loading ??= import("./query-client").then(
    (module) => {
      loaded = module;
      return module;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Where the mounted app keeps its one client, created by the first screen that needs it. */
type Slot = { client?: QueryClient; clientFrom: (module: QueryClientModule) => QueryClient };

const SlotContext = createContext<Slot | null>(null);

/**
 * The app's client slot: every failed query or mutation goes to `onError` (./query-client.ts). One client
 * per mounted app (tests get a fresh cache each render).
 */
export function AppQueryClient({ onError, children }: { onError: OnError; children: ReactNode }) {
  const [slot] = useState(() => {
    const created: Slot = {
      clientFrom: (module) => {
        created.client ??= module.createQueryClient({ onError });
        return created.client;
      },
    };
    return created;
  });
  return <SlotContext value={slot}>{children}</SlotContext>;
}

/** Provides the app's client to `children`, suspending while its code downloads (the first time). */
export function WithQueryClient({ children }: { children: ReactNode }) {
  const provided = useContext(QueryClientContext);
  const slot = useContext(SlotContext);
  if (provided) return children;
  if (!slot) throw new Error("WithQueryClient must be used inside <AppQueryClient>");
  const client = slot.clientFrom(loaded ?? use(loadQueryClientCode()));
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/**
 * For React.lazy: a component that reads data, its code and the query client's downloaded together,
 * rendered under <WithQueryClient> (so it never waits for the client once it has loaded).
 */
export function withQueryClientCode<P extends object>(
  load: () => Promise<ComponentType<P>>,
): Promise<{ default: ComponentType<P> }> {
  return Promise.all([load(), loadQueryClientCode()]).then(([Component]) => ({
    default: (props: P) => (
      <WithQueryClient>
        <Component {...props} />
      </WithQueryClient>
    ),
  }));
}

/** The app's client if a screen has created it, read when called; nothing is loaded. */
export function useCreatedQueryClient(): () => QueryClient | undefined {
  const provided = useContext(QueryClientContext);
  const slot = useContext(SlotContext);
  return useCallback(() => provided ?? slot?.client, [provided, slot]);
}

/** The app's client, created (and its code loaded) on the first call. */
export function useQueryClientLoader(): () => Promise<QueryClient> {
  const provided = useContext(QueryClientContext);
  const slot = useContext(SlotContext);
  return useCallback(async () => {
    if (provided) return provided;
    if (!slot) throw new Error("useQueryClientLoader must be used inside <AppQueryClient>");
    return slot.clientFrom(await loadQueryClientCode());
  }, [provided, slot]);
}
