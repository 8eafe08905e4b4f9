import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

type SectionHeadingProps = {
  id: string;
  eyebrow?: string;
  title: ReactNode;
  lead?: ReactNode;
  align?: "center" | "left";
  className?: string;
};

/** Eyebrow + h2 + lead. Give the section `aria-labelledby={id}`. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  lead,
  align = "center",
  className,
}: SectionHeadingProps) {
  return (
    <div className={cn("max-w-2xl", align === "center" && "mx-auto text-center", className)}>
      {eyebrow ? (
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>
      ) : null}
      <h2 id={id} className="mt-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {title}
      </h2>
      {lead ? <p className="mt-3 text-base text-slate-700 sm:text-lg">{lead}</p> : null}
    </div>
  );
}
