import { Link } from "react-router";
import { MapPinIcon } from "@/components/ui/icons";
import { paths } from "@/config/paths";
import { MERCHANT_MESSAGES } from "@/domain/marketplace/marketplace-messages";

/** Shown while the shop has no position: the feed is centred on Milano until the profile says where. */
export function LocationNotice() {
  return (
    <p
      role="status"
      className="flex flex-wrap items-center gap-2 rounded-xl border border-accent-300 bg-accent-100 px-4 py-3 text-sm text-accent-900"
    >
      <MapPinIcon className="size-4" />
      <span>Per ora vedi le richieste intorno a Milano.</span>
      <Link
        to={paths.profile.getHref()}
        className="focus-ring rounded font-semibold underline underline-offset-2"
      >
        {MERCHANT_MESSAGES.locationNotSet}
      </Link>
    </p>
  );
}
