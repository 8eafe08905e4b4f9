import type { ComponentType } from "react";

export type Feature = {
  icon: ComponentType<{ className?: string }>;
  title: string;
  text: string;
};

/** Advantages as a responsive grid of small cards: 1 column on phones, 2 on tablets, 3 on desktops. */
export function FeatureGrid({ features }: { features: readonly Feature[] }) {
  return (
    <ul className="mt-10 grid gap-4 sm:grid-cols-2 sm:gap-6 lg:grid-cols-3">
      {features.map(({ icon: Icon, title, text }) => (
        <li
          key={title}
          className="rounded-(--radius-card) border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
        >
          <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
            <Icon className="size-6" />
          </span>
          <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
          <p className="mt-2 text-slate-700">{text}</p>
        </li>
      ))}
    </ul>
  );
}
