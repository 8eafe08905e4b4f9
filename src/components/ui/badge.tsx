import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

export type BadgeTone = "neutral" | "brand" | "success" | "warning" | "danger" | "info" | "accent";

// Every pair is at least 4.5:1 (800 text on 100 background).
const toneClasses: Record<BadgeTone, string> = {
  neutral: "bg-slate-100 text-slate-800 ring-slate-200",
  brand: "bg-brand-100 text-brand-900 ring-brand-200",
  success: "bg-green-100 text-green-800 ring-green-200",
  warning: "bg-orange-100 text-orange-900 ring-orange-200",
  danger: "bg-red-100 text-red-800 ring-red-200",
  info: "bg-sky-100 text-sky-900 ring-sky-200",
  accent: "bg-accent-100 text-accent-900 ring-accent-300",
};

type BadgeProps = ComponentProps<"span"> & { tone?: BadgeTone };

export function Badge({ tone = "neutral", className, ...props }: BadgeProps) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset",
        toneClasses[tone],
        className,
      )}
      {...props}
    />
  );
}
