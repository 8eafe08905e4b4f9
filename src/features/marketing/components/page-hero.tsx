import type { ReactNode } from "react";

type PageHeroProps = {
  eyebrow: ReactNode;
  title: ReactNode;
  lead: ReactNode;
  actions: ReactNode;
  /** Right column on desktops, below the text on phones. */
  aside?: ReactNode;
};

/** Hero of the audience pages (/acquirenti, /negozianti). */
export function PageHero({ eyebrow, title, lead, actions, aside }: PageHeroProps) {
  return (
    <section
      aria-labelledby="hero-titolo"
      className="relative isolate overflow-hidden bg-gradient-to-b from-brand-50 to-white"
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(var(--color-brand-200)_1px,transparent_1px)] [background-size:22px_22px] opacity-50 [mask-image:linear-gradient(to_bottom,black,transparent_70%)]"
      />
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 pt-10 pb-14 sm:px-6 sm:pt-16 grid-cols-1 lg:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)] lg:gap-16 lg:px-8 lg:pt-20 lg:pb-20">
        <div>
          <div className="flex flex-wrap items-center gap-2 text-sm font-semibold tracking-wide text-brand-700 uppercase">
            {eyebrow}
          </div>
          <h1
            id="hero-titolo"
            className="mt-4 text-[2rem] leading-tight font-extrabold tracking-tight text-pretty text-slate-900 sm:text-5xl"
          >
            {title}
          </h1>
          <p className="mt-5 max-w-xl text-lg text-slate-700">{lead}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">{actions}</div>
        </div>
        {aside}
      </div>
    </section>
  );
}
