import { Link } from "react-router";
import { paths } from "@/config/paths";
import { LEGAL_LINK_LABELS } from "@/domain/legal/legal";
import { cn } from "@/lib/cn";

const POLICIES = {
  reviews: { href: paths.reviewsPolicy.getHref(), label: LEGAL_LINK_LABELS.reviews },
  ranking: { href: paths.rankingPolicy.getHref(), label: LEGAL_LINK_LABELS.ranking },
} as const;

/**
 * The link to a transparency page beside what it explains: 'Come verifichiamo le recensioni' wherever
 * ratings appear, 'Come ordiniamo le richieste' beside the feed and the offer comparison.
 */
export function PolicyLink({ policy, className }: { policy: keyof typeof POLICIES; className?: string }) {
  const { href, label } = POLICIES[policy];
  return (
    <Link to={href} className={cn("focus-ring rounded text-sm text-brand-800 underline", className)}>
      {label}
    </Link>
  );
}
