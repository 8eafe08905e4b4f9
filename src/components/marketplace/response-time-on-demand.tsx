import { lazy, Suspense } from "react";

const Lazy = lazy(() => import("./response-time").then((module) => ({ default: module.ResponseTime })));

/** The shop's 'Di solito risponde entro …', its code and read loaded after the card has painted. */
export function ResponseTimeOnDemand(props: { shopId: string; className?: string }) {
  return (
    <Suspense fallback={null}>
      <Lazy {...props} />
    </Suspense>
  );
}
