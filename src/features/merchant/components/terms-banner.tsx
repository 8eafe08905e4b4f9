import { Link } from "react-router";
import { paths } from "@/config/paths";
import {
  announcementDate,
  TERMS_ANNOUNCEMENT_COPY,
  upcomingAnnouncements,
} from "@/domain/legal/terms-announcements";

/** The changes to the terms not yet in force, each with its date, on the shop's dashboard. */
export function TermsBanner() {
  const upcoming = upcomingAnnouncements(new Date());
  if (upcoming.length === 0) return null;
  return (
    <section
      aria-labelledby="terms-banner-title"
      className="space-y-2 rounded-xl border border-orange-200 bg-orange-50 p-4 text-orange-900"
    >
      <h2 id="terms-banner-title" className="font-semibold">
        {TERMS_ANNOUNCEMENT_COPY.title}
      </h2>
      {upcoming.map((announcement) => (
        <p key={announcement.id} className="text-sm">
          <strong>
            {TERMS_ANNOUNCEMENT_COPY.appliesFrom} {announcementDate(announcement.appliesFrom)}:{" "}
            {announcement.title}.
          </strong>{" "}
          {announcement.summary}
        </p>
      ))}
      <Link to={paths.rules.getHref()} className="focus-ring rounded text-sm font-medium underline">
        {TERMS_ANNOUNCEMENT_COPY.title}: tutte le date
      </Link>
    </section>
  );
}
