import type { ReactNode } from "react";
import { CheckIcon } from "@/components/ui/icons";
import { cn } from "@/lib/cn";

/** One numbered step of the shop verification: its number (a tick once done), title and content. */
export function VerificationStep({
  number,
  title,
  done = false,
  children,
}: {
  number: number;
  title: string;
  done?: boolean;
  children: ReactNode;
}) {
  return (
    <li className="flex gap-3 sm:gap-4">
      <span
        aria-hidden="true"
        className={cn(
          "flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-bold",
          done ? "bg-emerald-700 text-white" : "bg-brand-100 text-brand-900",
        )}
      >
        {done ? <CheckIcon className="size-4" /> : number}
      </span>
      <div className="min-w-0 flex-1 space-y-3">
        <h3 className="pt-1 text-lg font-semibold text-slate-900">{title}</h3>
        {children}
      </div>
    </li>
  );
}
