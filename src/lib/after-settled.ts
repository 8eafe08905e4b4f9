import { useEffect, useState } from "react";
import { LIVE_START_DELAY_MS } from "@/domain/core/limits";

/**
 * "The page has settled": the visitor touched, clicked or typed, or LIVE_START_DELAY_MS have passed
 * since the load event (then the next idle moment). Work that only keeps what is on screen up to date
 * (the live listeners behind a first one-shot read, the header's unread badge and bell) waits for it, so
 * the full Firestore SDK (about 160 kB gzip, one long evaluation) is downloaded and evaluated after the
 * first paint instead of competing with it (docs/lighthouse.md). Nothing is lost: a listener's first
 * snapshot carries everything that changed in the meantime.
 */
let settled = false;
const waiting = new Set<() => void>();
let armed = false;

const INTERACTIONS = ["pointerdown", "keydown", "touchstart"] as const;

function settle(): void {
  if (settled) return;
  settled = true;
  for (const type of INTERACTIONS) window.removeEventListener(type, settle, true);
  const tasks = [...waiting];
  waiting.clear();
  for (const task of tasks) task();
}

/**
 * LIVE_START_DELAY_MS, or the page's `vicinoLiveStartDelayMs` when a test harness set one before the app
 * loaded (the journeys set 0, tests/support/browser.ts: they wait on what the user sees, not on a timer).
 */
function liveStartDelay(): number {
  const override = (window as { vicinoLiveStartDelayMs?: unknown }).vicinoLiveStartDelayMs;
  return typeof override === "number" && override >= 0 ? override : LIVE_START_DELAY_MS;
}

function arm(): void {
  if (armed) return;
  armed = true;
  for (const type of INTERACTIONS) window.addEventListener(type, settle, { capture: true, passive: true });
  const afterDelay = () =>
    window.setTimeout(() => {
      if (typeof window.requestIdleCallback === "function")
        window.requestIdleCallback(settle, { timeout: 1000 });
      else settle();
    }, liveStartDelay());
  if (document.readyState === "complete") afterDelay();
  else window.addEventListener("load", afterDelay, { once: true });
}

/** Runs `task` once the page has settled (at once if it has); returns a cancel function. */
export function afterSettled(task: () => void): () => void {
  if (typeof window === "undefined" || settled) {
    task();
    return () => {};
  }
  const run = () => task();
  waiting.add(run);
  arm();
  return () => {
    waiting.delete(run);
  };
}

/** True once the page has settled (see afterSettled); for hooks that gate a listener with `enabled`. */
export function useSettled(): boolean {
  const [done, setDone] = useState(settled);
  useEffect(() => (done ? undefined : afterSettled(() => setDone(true))), [done]);
  return done;
}

/** Tests: settle now (component tests expect listeners to start at mount). */
export function settleNow(): void {
  if (typeof window === "undefined") {
    settled = true;
    return;
  }
  settle();
}
