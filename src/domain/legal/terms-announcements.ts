/**
 * Changes to the terms announced to shops (P2B regulation 2019/1150, art. 3: at least 15 days before
 * they apply, with the date). One list: the shop's dashboard shows each as a banner until the date it
 * applies from, /regole lists them all. No imports: the dashboard's chunk carries it.
 */
export const TERMS_NOTICE_MIN_DAYS = 15;

export type TermsAnnouncement = {
  id: string;
  title: string;
  summary: string;
  /** Calendar days (Europe/Rome), YYYY-MM-DD. */
  announcedOn: string;
  appliesFrom: string;
};

export const TERMS_ANNOUNCEMENTS: readonly TermsAnnouncement[] = [
  {
    id: "2027-01-recensioni-decisioni",
    title: "Recensioni e decisioni dei moderatori",
    summary:
      "I negozi possono rispondere una volta a ogni recensione (modificabile per 48 ore); una valutazione smette di contare nella media dopo 24 mesi; ogni decisione dei moderatori arriva con i suoi motivi e se ne può chiedere la revisione una volta, entro 6 mesi.",
    announcedOn: "2026-12-08",
    appliesFrom: "2027-01-01",
  },
];

export const TERMS_ANNOUNCEMENT_COPY = {
  title: "Modifiche annunciate ai Termini d'uso",
  appliesFrom: "In vigore dal",
  announcedOn: "annunciata il",
  none: "Nessuna modifica annunciata.",
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Midnight in Rome of a YYYY-MM-DD day (UTC+1 in winter; an hour early in summer is on the safe side). */
const romeMidnight = (day: string) => new Date(`${day}T00:00:00+01:00`);

/** Whether it was announced at least TERMS_NOTICE_MIN_DAYS days before it applies. */
export function announcedInTime(announcement: TermsAnnouncement): boolean {
  const days =
    (romeMidnight(announcement.appliesFrom).getTime() - romeMidnight(announcement.announcedOn).getTime()) /
    DAY_MS;
  return days >= TERMS_NOTICE_MIN_DAYS;
}

/** The announcements whose date has not come yet at `now` (the dashboard's banners). */
export function upcomingAnnouncements(
  now: Date,
  list: readonly TermsAnnouncement[] = TERMS_ANNOUNCEMENTS,
): TermsAnnouncement[] {
  return list.filter((announcement) => now.getTime() < romeMidnight(announcement.appliesFrom).getTime());
}

/** '1 gennaio 2027'. */
export function announcementDate(day: string): string {
  return new Intl.DateTimeFormat("it-IT", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "Europe/Rome",
  }).format(romeMidnight(day));
}
