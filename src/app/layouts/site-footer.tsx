import { Link } from "react-router";
import { Logo } from "@/components/ui/logo";
import { paths } from "@/config/paths";
import { PRODUCT_NAME } from "@/domain/core/product";
import { LEGAL_LINK_LABELS } from "@/domain/legal/legal";
import { useSession } from "@/lib/session/session-provider";

const linkClasses = "focus-ring rounded text-sm text-slate-700 hover:text-brand-800 hover:underline";

export function SiteFooter() {
  const { user, homePath } = useSession();
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-[2fr_1fr_1fr_1fr] sm:px-6 lg:px-8">
        <div className="space-y-3">
          <Logo />
          <p className="max-w-sm text-sm text-slate-700">
            Dici cosa ti serve, i negozi della tua zona ti fanno un'offerta. Poi compri sotto casa.
          </p>
        </div>
        <nav aria-label="Scopri" className="space-y-3">
          <h2 className="text-sm font-semibold text-slate-900">Scopri</h2>
          <ul className="space-y-2">
            <li>
              <Link to={paths.buyers.getHref()} className={linkClasses}>
                Per chi compra
              </Link>
            </li>
            <li>
              <Link to={paths.merchants.getHref()} className={linkClasses}>
                Per i negozi
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Account" className="space-y-3">
          <h2 className="text-sm font-semibold text-slate-900">Account</h2>
          <ul className="space-y-2">
            {user && homePath ? (
              <>
                <li>
                  <Link to={homePath} className={linkClasses}>
                    La tua area
                  </Link>
                </li>
                <li>
                  <Link to={paths.profile.getHref()} className={linkClasses}>
                    Profilo
                  </Link>
                </li>
              </>
            ) : (
              <li>
                <Link to={paths.auth.getHref()} className={linkClasses}>
                  Accedi o registrati
                </Link>
              </li>
            )}
          </ul>
        </nav>
        <nav aria-label={LEGAL_LINK_LABELS.nav} className="space-y-3">
          <h2 className="text-sm font-semibold text-slate-900">{LEGAL_LINK_LABELS.nav}</h2>
          <ul className="space-y-2">
            <li>
              <Link to={paths.privacy.getHref()} className={linkClasses}>
                {LEGAL_LINK_LABELS.privacy}
              </Link>
            </li>
            <li>
              <Link to={paths.terms.getHref()} className={linkClasses}>
                {LEGAL_LINK_LABELS.terms}
              </Link>
            </li>
            <li>
              <Link to={paths.cookies.getHref()} className={linkClasses}>
                {LEGAL_LINK_LABELS.cookies}
              </Link>
            </li>
            <li>
              <Link to={paths.rules.getHref()} className={linkClasses}>
                {LEGAL_LINK_LABELS.rules}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-slate-200">
        <p className="mx-auto max-w-6xl px-4 py-5 text-xs text-slate-600 sm:px-6 lg:px-8">
          © {new Date().getFullYear()} {PRODUCT_NAME}. Il mercato del quartiere, al contrario.
        </p>
      </div>
    </footer>
  );
}
