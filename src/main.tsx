import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "@/app/app";
import { watchUncaughtErrors } from "@/lib/error-reporting";
import { registerServiceWorker } from "@/lib/pwa/service-worker";
import "./index.css";

// First, so an error anywhere after this reaches the error endpoint.
watchUncaughtErrors();

const container = document.getElementById("root");
if (!container) throw new Error('index.html must contain <div id="root">');

// The first render as a transition: React renders it in slices of a few milliseconds instead of one
// long task, so the page answers taps while it mounts (Lighthouse's Total Blocking Time).
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

// The offline page and the cached app shell (scripts/pwa), in production builds only.
registerServiceWorker(import.meta.env);
