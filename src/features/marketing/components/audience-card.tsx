import type { ComponentType } from "react";
import { Link } from "react-router";
import { ArrowRightIcon } from "@/components/ui/icons";
import { cn } from "@/lib/cn";

type AudienceCardProps = {
  to: string;
  icon: ComponentType<{ className?: string }>;
  title: string;
  text: string;
  tone: "brand" | "accent";
};

/** A whole-card link (the title is the link; its ::after covers the card). */
export function AudienceCard({ to, icon: Icon, title, text, tone }: AudienceCardProps) {
  return (
    <div className="group relative flex gap-4 sm:flex-col sm:gap-3 rounded-(--radius-card) border border-slate-200 bg-white p-4 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-300 hover:shadow-md focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-700 sm:p-5">
      <span
        className={cn(
          "inline-flex size-12 shrink-0 items-center justify-center rounded-xl",
          tone === "brand" ? "bg-brand-700 text-white" : "bg-accent-100 text-accent-900",
        )}
      >
        <Icon className="size-6" />
      </span>
      <div className="min-w-0">
        <h2 className="text-base font-semibold text-slate-900 sm:text-lg">
          <Link to={to} className="outline-none after:absolute after:inset-0 after:rounded-(--radius-card)">
            {title}
          </Link>
        </h2>
        <p className="mt-1 text-sm text-slate-700">{text}</p>
        <p
          aria-hidden="true"
          className="mt-2 inline-flex items-center gap-1 text-sm font-semibold text-brand-800 group-hover:underline"
        >
          Scopri di più <ArrowRightIcon className="size-4 transition group-hover:translate-x-0.5" />
        </p>
      </div>
    </div>
  );
}
