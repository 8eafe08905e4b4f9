import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "@/app/app";
import { registerServiceWorker } from "@/lib/pwa/service-worker";
import "./index.css";

const container = document.getElementById("root");
if (!container) throw new Error('index.html must contain <div id="root">');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The offline page and the cached app shell (scripts/pwa), in production builds only.
registerServiceWorker(import.meta.env);
