import { Link } from "react-router";
import { buttonClasses } from "@/components/ui/button";
import { SparklesIcon } from "@/components/ui/icons";
import { paths } from "@/config/paths";
import { BUYER_WELCOME } from "@/domain/marketplace/buyer-welcome";

/** A buyer without requests: one call to action and how it works, in place of stats at zero. */
export function FirstRequestWelcome() {
  return (
    <section
      aria-labelledby="welcome-title"
      className="space-y-5 rounded-2xl border border-brand-200 bg-brand-50 p-5 sm:p-8"
    >
      <div className="space-y-2">
        <h2 id="welcome-title" className="text-xl font-bold text-slate-900">
          {BUYER_WELCOME.title}
        </h2>
        <p className="text-slate-800">{BUYER_WELCOME.lead}</p>
      </div>
      <Link
        to={paths.create.getHref()}
        className={buttonClasses({ size: "lg", className: "w-full sm:w-auto" })}
      >
        <SparklesIcon className="size-5" aria-hidden="true" />
        {BUYER_WELCOME.cta}
      </Link>
      <ol className="grid gap-3 sm:grid-cols-3">
        {BUYER_WELCOME.steps.map((step, index) => (
          <li key={step.title} className="flex gap-3 rounded-xl bg-white p-3">
            <span
              aria-hidden="true"
              className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white"
            >
              {index + 1}
            </span>
            <span>
              <span className="block font-semibold text-slate-900">{step.title}</span>
              <span className="block text-sm text-slate-700">{step.text}</span>
            </span>
          </li>
        ))}
      </ol>
      <p className="text-sm text-slate-700">{BUYER_WELCOME.free}</p>
    </section>
  );
}
