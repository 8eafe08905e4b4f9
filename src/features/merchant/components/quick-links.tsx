import type { ComponentType, SVGProps } from "react";
import { Link } from "react-router";
import { ChatIcon, StarIcon, StoreIcon, TagIcon } from "@/components/ui/icons";
import { paths } from "@/config/paths";

type QuickLink = {
  to: string;
  title: string;
  text: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
};

const LINKS: readonly QuickLink[] = [
  {
    to: paths.browse.getHref(),
    title: "Sfoglia le richieste",
    text: "Trova chi cerca quello che vendi.",
    icon: TagIcon,
  },
  {
    to: paths.messages.getHref(),
    title: "Messaggi",
    text: "Le trattative con i tuoi clienti.",
    icon: ChatIcon,
  },
  {
    to: paths.catalogue.getHref(),
    title: "Il tuo catalogo",
    text: "I prodotti che vendi, con il prezzo.",
    icon: TagIcon,
  },
  { to: paths.profile.getHref(), title: "Profilo", text: "Il negozio e la sua posizione.", icon: StoreIcon },
];

/** Cards to /browse, /messages, /profile (spec §2) and the shop's public page, as buyers see it. */
export function QuickLinks({ shopId }: { shopId: string }) {
  const links: QuickLink[] = [
    ...LINKS,
    {
      to: paths.shop.getHref(shopId),
      title: "La tua pagina",
      text: "Come i clienti vedono il tuo negozio.",
      icon: StarIcon,
    },
  ];
  return (
    <nav aria-label="Scorciatoie" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      {links.map(({ to, title, text, icon: Icon }) => (
        <Link
          key={to}
          to={to}
          className="focus-ring flex items-start gap-3 rounded-(--radius-card) border border-slate-200 bg-white p-4 shadow-sm transition-colors hover:border-brand-300 hover:bg-brand-50"
        >
          <span className="rounded-lg bg-brand-100 p-2 text-brand-800">
            <Icon />
          </span>
          <span>
            <span className="block font-semibold text-slate-900">{title}</span>
            <span className="block text-sm text-slate-600">{text}</span>
          </span>
        </Link>
      ))}
    </nav>
  );
}
