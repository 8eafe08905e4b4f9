import { lazy, Suspense } from "react";

const Lazy = lazy(() => import("./response-time").then((module) => ({ default: module.ResponseTime })));

/** 'Di solito risponde entro …' on the buyer's offer cards: its code and read after the cards have painted. */
export function ResponseTimeOnDemand(props: { shopId: string; className?: string }) {
  return (
    <Suspense fallback={null}>
      <Lazy {...props} />
    </Suspense>
  );
}
