import { PRODUCT_NAME } from "@/domain/core/product";
import { cn } from "@/lib/cn";

/** Pin mark + product name. The name is real text, so the logo reads as "Vicino". */
export function Logo({ className, inverse = false }: { className?: string; inverse?: boolean }) {
  return (
    <span className={cn("inline-flex items-center gap-2 text-xl font-extrabold tracking-tight", className)}>
      <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className="size-8 shrink-0">
        <circle cx="16" cy="16" r="15" className={inverse ? "fill-white" : "fill-brand-700"} />
        <path
          d="M16 7a6 6 0 0 0-6 6c0 4.5 6 12 6 12s6-7.5 6-12a6 6 0 0 0-6-6zm0 8.2a2.2 2.2 0 1 1 0-4.4 2.2 2.2 0 0 1 0 4.4z"
          className={inverse ? "fill-brand-800" : "fill-white"}
        />
      </svg>
      <span className={inverse ? "text-white" : "text-slate-900"}>{PRODUCT_NAME}</span>
    </span>
  );
}
