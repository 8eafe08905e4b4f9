import { Link } from "react-router";
import { paths } from "@/config/paths";
import { LEGAL_CONTROLLER } from "@/domain/legal/legal";
import { SUSPENSION_NOTICE } from "@/domain/people/first-paint-trust-texts";

/** The notice's words: why, whom to write, and the decision's reasons with 'Chiedi una revisione'. */
export function SuspensionNoticeBody() {
  return (
    <div role="alert" className="border-b border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900 sm:px-6">
      <div className="mx-auto max-w-6xl">
        <p className="font-semibold">{SUSPENSION_NOTICE.title}</p>
        <p>
          {SUSPENSION_NOTICE.body} {SUSPENSION_NOTICE.contact}{" "}
          <a className="focus-ring rounded underline" href={`mailto:${LEGAL_CONTROLLER.supportEmail}`}>
            {LEGAL_CONTROLLER.supportEmail}
          </a>
          .
        </p>
        <Link
          className="focus-ring rounded font-medium underline"
          to={`${paths.profile.getHref()}#decisioni`}
        >
          {SUSPENSION_NOTICE.reasons}
        </Link>
      </div>
    </div>
  );
}
