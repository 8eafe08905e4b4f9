import { Link } from "react-router";
import { paths } from "@/config/paths";
import { TRANSPARENCY_DOCUMENTS } from "@/domain/legal/transparency";

const HREFS = { reviews: paths.reviewsPolicy.getHref(), ranking: paths.rankingPolicy.getHref() } as const;

/**
 * The link to a transparency page beside what it explains: 'Come verifichiamo le recensioni' wherever
 * ratings appear, 'Come ordiniamo le richieste' beside the feed and the offer comparison.
 */
export function PolicyLink({ policy, className = "" }: { policy: keyof typeof HREFS; className?: string }) {
  return (
    <Link to={HREFS[policy]} className={`focus-ring rounded text-sm text-brand-800 underline ${className}`}>
      {TRANSPARENCY_DOCUMENTS[policy].title}
    </Link>
  );
}
