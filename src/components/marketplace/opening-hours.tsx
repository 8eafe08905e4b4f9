import { useEffect, useState } from "react";
import {
  hasOpenDay,
  openingStatus,
  shopToday,
  WEEK_DAYS,
  type WeeklyHours,
} from "@/domain/people/opening-hours";
import {
  formatDayHours,
  OPENING_HOURS_COPY,
  openingStatusText,
  WEEK_DAY_LABELS,
} from "@/domain/people/opening-hours-messages";
import { cn } from "@/lib/cn";

/** The time now, again every minute, so 'Aperto ora' turns into 'Chiuso ora' while the page is open. */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

type OpeningHoursProps = {
  weeklyHours?: WeeklyHours | undefined;
  /** The shop's free text: notes beside the days, or hours written before them, shown as they are. */
  notes?: string | undefined;
  /** What to say when there are neither days nor notes. */
  emptyText: string;
};

/**
 * A shop's opening hours at a glance: 'Aperto ora · Chiude alle 19:30' (or 'Chiuso ora · Apre domani
 * alle 9:30', in the shop's time, Europe/Rome), the week with today in bold, and the notes. Hours saved
 * as free text only are shown as they are.
 */
export function OpeningHours({ weeklyHours, notes, emptyText }: OpeningHoursProps) {
  const now = useMinuteClock();
  if (!hasOpenDay(weeklyHours)) {
    return notes ? (
      <span className="whitespace-pre-line">{notes}</span>
    ) : (
      <span className="text-slate-600">{emptyText}</span>
    );
  }
  const status = openingStatus(weeklyHours, now);
  const glance = status ? openingStatusText(status) : undefined;
  const today = shopToday(now);
  return (
    <div className="space-y-2">
      {glance ? (
        <p>
          <span className={cn("font-semibold", status?.open ? "text-green-800" : "text-slate-900")}>
            {glance.headline}
          </span>
          {" · "}
          <span>{glance.detail}</span>
        </p>
      ) : null}
      <table className="text-sm">
        <caption className="sr-only">{OPENING_HOURS_COPY.title}</caption>
        <tbody>
          {WEEK_DAYS.map((day) => (
            <tr key={day} className={day === today ? "font-semibold text-slate-900" : "text-slate-700"}>
              <th scope="row" className="py-0.5 pr-4 text-left font-[inherit]">
                {WEEK_DAY_LABELS[day]}
                {day === today ? <span className="sr-only"> ({OPENING_HOURS_COPY.today})</span> : null}
              </th>
              <td className="py-0.5">{formatDayHours(weeklyHours[day])}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {notes ? (
        <p className="text-sm whitespace-pre-line text-slate-700">
          <span className="font-medium">{OPENING_HOURS_COPY.notes}:</span> {notes}
        </p>
      ) : null}
    </div>
  );
}
