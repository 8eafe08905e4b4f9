import { lazy, Suspense } from "react";

// The prompt, its device state and Cloud Messaging's data module load once the dashboard has rendered,
// not with the dashboard's first load (npm run size).
const PushPrompt = lazy(() => import("./push-prompt").then((module) => ({ default: module.PushPrompt })));

/** Where a dashboard offers 'Attiva le notifiche' (push-prompt.tsx), loaded on demand. */
export function PushPromptSlot(props: { uid: string; audience: "shop" | "buyer" }) {
  return (
    <Suspense fallback={null}>
      <PushPrompt {...props} />
    </Suspense>
  );
}
