import { describe, expect, it } from "vitest";
import {
  announcedInTime,
  announcementDate,
  TERMS_ANNOUNCEMENTS,
  type TermsAnnouncement,
  upcomingAnnouncements,
} from "./terms-announcements";

const change = (announcedOn: string, appliesFrom: string): TermsAnnouncement => ({
  id: `${announcedOn}-${appliesFrom}`,
  title: "Modifica",
  summary: "Una modifica",
  announcedOn,
  appliesFrom,
});

describe("terms announcements (P2B: 15 days' notice)", () => {
  it("every announcement in the list gives shops at least 15 days, with a valid date", () => {
    for (const announcement of TERMS_ANNOUNCEMENTS) {
      expect(announcedInTime(announcement), announcement.id).toBe(true);
      expect(announcementDate(announcement.appliesFrom)).toMatch(/^\d{1,2} \p{L}+ \d{4}$/u);
    }
  });

  it("15 days is enough, 14 is not", () => {
    expect(announcedInTime(change("2026-12-01", "2026-12-16"))).toBe(true);
    expect(announcedInTime(change("2026-12-01", "2026-12-15"))).toBe(false);
  });

  it("a banner shows until the day the change applies (midnight in Rome), then goes", () => {
    const list = [change("2026-12-01", "2027-01-01")];
    expect(upcomingAnnouncements(new Date("2026-12-31T22:59:00Z"), list)).toHaveLength(1);
    expect(upcomingAnnouncements(new Date("2026-12-31T23:00:00Z"), list)).toHaveLength(0);
    expect(announcementDate("2027-01-01")).toBe("1 gennaio 2027");
  });
});
