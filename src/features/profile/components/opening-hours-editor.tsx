import { Button } from "@/components/ui/button";
import { controlClasses } from "@/components/ui/field";
import { MAX_RANGES_PER_DAY, type TimeRange, WEEK_DAYS, type WeekDay } from "@/domain/people/opening-hours";
import { type DayDraft, DEFAULT_SECOND_RANGE, type WeekDraft } from "@/domain/people/opening-hours-form";
import { OPENING_HOURS_COPY, WEEK_DAY_LABELS } from "@/domain/people/opening-hours-messages";
import { cn } from "@/lib/cn";

type EditorProps = {
  value: WeekDraft;
  onChange: (next: WeekDraft) => void;
  disabled?: boolean;
};

/**
 * The shop's days and times on /profile: each day ticked open or not, one range or two (the lunch
 * break), 'Come lunedì' to repeat the day before. The buyer then reads 'Aperto ora' on the shop's page.
 */
export function OpeningHoursEditor({ value, onChange, disabled = false }: EditorProps) {
  return (
    <fieldset className="space-y-2" disabled={disabled}>
      <legend className="text-sm font-semibold text-slate-900">{OPENING_HOURS_COPY.title}</legend>
      <p className="text-sm text-slate-600">{OPENING_HOURS_COPY.editorHint}</p>
      <ul className="divide-y divide-slate-100">
        {WEEK_DAYS.map((day, index) => {
          const previous = index > 0 ? WEEK_DAYS[index - 1] : undefined;
          return (
            <DayRow
              key={day}
              day={day}
              draft={value[day]}
              previous={previous}
              onChange={(next) => onChange({ ...value, [day]: next })}
              onCopyPrevious={() => {
                if (!previous) return;
                const source = value[previous];
                onChange({
                  ...value,
                  [day]: { ...source, ranges: source.ranges.map((range) => ({ ...range })) },
                });
              }}
            />
          );
        })}
      </ul>
    </fieldset>
  );
}

type DayRowProps = {
  day: WeekDay;
  draft: DayDraft;
  previous: WeekDay | undefined;
  onChange: (next: DayDraft) => void;
  onCopyPrevious: () => void;
};

function DayRow({ day, draft, previous, onChange, onCopyPrevious }: DayRowProps) {
  const label = WEEK_DAY_LABELS[day];
  const setRange = (index: number, range: TimeRange) =>
    onChange({ ...draft, ranges: draft.ranges.map((current, at) => (at === index ? range : current)) });
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 py-2">
      <label className="flex w-32 items-center gap-2 font-medium text-slate-900">
        <input
          type="checkbox"
          className="size-4"
          checked={draft.open}
          onChange={(event) => onChange({ ...draft, open: event.target.checked })}
        />
        {label}
        <span className="sr-only"> {OPENING_HOURS_COPY.isOpen.toLowerCase()}</span>
      </label>
      {draft.open ? (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          {draft.ranges.slice(0, MAX_RANGES_PER_DAY).map((range, index) => (
            <RangeInputs
              // biome-ignore lint/suspicious/noArrayIndexKey: a day's ranges are its first and its second.
              key={index}
              dayLabel={label}
              second={index > 0}
              range={range}
              onChange={(next) => setRange(index, next)}
            />
          ))}
          {draft.ranges.length < MAX_RANGES_PER_DAY ? (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => onChange({ ...draft, ranges: [...draft.ranges, { ...DEFAULT_SECOND_RANGE }] })}
            >
              {OPENING_HOURS_COPY.addRange}
              <span className="sr-only"> ({label.toLowerCase()})</span>
            </Button>
          ) : (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => onChange({ ...draft, ranges: draft.ranges.slice(0, 1) })}
            >
              {OPENING_HOURS_COPY.removeRange}
              <span className="sr-only"> ({label.toLowerCase()})</span>
            </Button>
          )}
        </div>
      ) : (
        <span className="text-sm text-slate-600">{OPENING_HOURS_COPY.closed}</span>
      )}
      {previous ? (
        <Button size="sm" variant="secondary" className="ml-auto" onClick={onCopyPrevious}>
          <span className="sr-only">{label}: </span>
          {OPENING_HOURS_COPY.copyPrevious(previous)}
        </Button>
      ) : null}
    </li>
  );
}

function RangeInputs({
  dayLabel,
  second,
  range,
  onChange,
}: {
  dayLabel: string;
  second: boolean;
  range: TimeRange;
  onChange: (next: TimeRange) => void;
}) {
  const which = second ? `${dayLabel}, ${OPENING_HOURS_COPY.secondRange}` : dayLabel;
  const timeClasses = cn(controlClasses, "h-10 w-28");
  return (
    <span className="flex items-center gap-2 text-sm text-slate-700">
      {OPENING_HOURS_COPY.from.toLowerCase()}
      <input
        type="time"
        className={timeClasses}
        aria-label={`${which}: ${OPENING_HOURS_COPY.from.toLowerCase()}`}
        value={range.open}
        onChange={(event) => onChange({ ...range, open: event.target.value })}
      />
      {OPENING_HOURS_COPY.to.toLowerCase()}
      <input
        type="time"
        className={timeClasses}
        aria-label={`${which}: ${OPENING_HOURS_COPY.to.toLowerCase()}`}
        value={range.close}
        onChange={(event) => onChange({ ...range, close: event.target.value })}
      />
    </span>
  );
}
