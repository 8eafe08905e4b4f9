import type { DayHours, OpeningStatus, WeekDay } from "./opening-hours.ts";

/** The opening hours in Italian: the days, the times as people say them, open now or when. */
export const WEEK_DAY_LABELS: Readonly<Record<WeekDay, string>> = {
  mon: "Lunedì",
  tue: "Martedì",
  wed: "Mercoledì",
  thu: "Giovedì",
  fri: "Venerdì",
  sat: "Sabato",
  sun: "Domenica",
};

export const OPENING_HOURS_COPY = {
  title: "Orari di apertura",
  openNow: "Aperto ora",
  closedNow: "Chiuso ora",
  closed: "Chiuso",
  today: "oggi",
  notes: "Note sugli orari",
  notesHint:
    "Facoltative, es. «Chiuso ad agosto». Gli orari scritti qui prima restano visibili così come sono finché non li cancelli.",
  editorHint:
    "Spunta i giorni di apertura e indica gli orari; per la pausa pranzo aggiungi una seconda fascia. I clienti vedono se sei aperto in quel momento.",
  isOpen: "Aperto",
  from: "Dalle",
  to: "Alle",
  addRange: "Aggiungi una fascia",
  secondRange: "seconda fascia",
  removeRange: "Togli la seconda fascia",
  copyPrevious: (previous: WeekDay) => `Come ${WEEK_DAY_LABELS[previous].toLowerCase()}`,
} as const;

/** '9:00', '19:30'; midnight is 'mezzanotte'. */
export function formatTime(time: string): string {
  if (time === "24:00" || time === "00:00") return "mezzanotte";
  const [hours = "0", minutes = "00"] = time.split(":");
  return `${Number(hours)}:${minutes}`;
}

/** 'alle 19:30', 'all'1:30', 'a mezzanotte'. */
export function atTime(time: string): string {
  const shown = formatTime(time);
  if (shown === "mezzanotte") return "a mezzanotte";
  return shown.startsWith("1:") ? `all'${shown}` : `alle ${shown}`;
}

/** '9:30–13:00, 15:00–19:30', or 'Chiuso'. */
export function formatDayHours(ranges: DayHours | undefined): string {
  if (!ranges || ranges.length === 0) return OPENING_HOURS_COPY.closed;
  return ranges.map((range) => `${formatTime(range.open)}–${formatTime(range.close)}`).join(", ");
}

/** The glance: 'Aperto ora' with 'Chiude alle 19:30', or 'Chiuso ora' with 'Apre domani alle 9:00'. */
export function openingStatusText(status: OpeningStatus): { headline: string; detail: string } {
  if (status.open)
    return { headline: OPENING_HOURS_COPY.openNow, detail: `Chiude ${atTime(status.closesAt)}` };
  const when =
    status.daysAhead === 0
      ? ""
      : status.daysAhead === 1
        ? "domani "
        : `${WEEK_DAY_LABELS[status.day].toLowerCase()} `;
  return { headline: OPENING_HOURS_COPY.closedNow, detail: `Apre ${when}${atTime(status.opensAt)}` };
}

/** The editor's refusals, each naming its day. */
export const OPENING_HOURS_ERRORS = {
  missingTime: (day: WeekDay) => `${WEEK_DAY_LABELS[day]}: indica l'orario di apertura e quello di chiusura`,
  closeBeforeOpen: (day: WeekDay) =>
    `${WEEK_DAY_LABELS[day]}: l'orario di chiusura deve venire dopo quello di apertura`,
  overlap: (day: WeekDay) =>
    `${WEEK_DAY_LABELS[day]}: la seconda fascia deve iniziare dopo la fine della prima`,
} as const;
