import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";
import { controlClasses, useFieldControl } from "./field";

/** Native <select> (best on phones), styled like the other controls with its own chevron. */
export function Select({ className, children, ...props }: ComponentProps<"select">) {
  const wired = useFieldControl(props);
  return (
    <div className="relative">
      <select className={cn(controlClasses, "h-11 appearance-none pr-10", className)} {...wired}>
        {children}
      </select>
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        fill="currentColor"
        className="pointer-events-none absolute top-1/2 right-3 size-5 -translate-y-1/2 text-slate-500"
      >
        <path
          fillRule="evenodd"
          d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06Z"
          clipRule="evenodd"
        />
      </svg>
    </div>
  );
}
