import { Link, NavLink } from "react-router";
import { Logo } from "@/components/ui/logo";
import { paths } from "@/config/paths";
import { PRODUCT_NAME } from "@/domain/core/product";
import { cn } from "@/lib/cn";
import { useSession } from "@/lib/session/session-provider";
import { UserMenu } from "./user-menu";

const navLinkClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    "focus-ring rounded-lg px-3 py-2 text-sm font-medium transition-colors hover:bg-slate-100 hover:text-slate-900",
    isActive ? "text-brand-800" : "text-slate-700",
  );

export function SiteHeader() {
  // Signed in, the header is the app's: the marketing pages' links are for visitors.
  const { user } = useSession();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <a
        href="#contenuto"
        className="focus-ring sr-only rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white focus:not-sr-only focus:absolute focus:top-3 focus:left-3 focus:z-50"
      >
        Vai al contenuto principale
      </a>
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link
          to={paths.home.getHref()}
          className="focus-ring -m-1 rounded-lg p-1"
          aria-label={`${PRODUCT_NAME}, home`}
        >
          <Logo />
        </Link>
        <nav aria-label="Principale" className="flex items-center gap-1 sm:gap-2">
          {user ? null : (
            <>
              <NavLink
                to={paths.buyers.getHref()}
                className={(s) => cn(navLinkClasses(s), "hidden md:inline-flex")}
              >
                Per chi compra
              </NavLink>
              <NavLink
                to={paths.merchants.getHref()}
                className={(s) => cn(navLinkClasses(s), "hidden md:inline-flex")}
              >
                Per i negozi
              </NavLink>
            </>
          )}
          <UserMenu />
        </nav>
      </div>
    </header>
  );
}
