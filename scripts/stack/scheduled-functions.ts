// Scheduled functions on the local stack. In production Cloud Scheduler calls each `onSchedule`
// function over HTTP at its times; the Functions emulator loads them but nothing calls them (it would
// want a Pub/Sub emulator, and even then nobody publishes on the schedule). The stack plays Cloud
// Scheduler: it reads each scheduled function's schedule from the emulator's /backends listing and
// calls it at its times (in its time zone) on the emulator's trigger route, with the same
// X-CloudScheduler-* headers Cloud Scheduler sends. `runScheduledFunction` runs one now.

import { triggerKeys } from "./firestore-triggers";

interface ScheduleTrigger {
  schedule: string;
  timeZone?: string | null;
}

interface ScheduledDefinition {
  /** The function's name, e.g. `expireRequests`. */
  name: string;
  schedule: ScheduleTrigger;
}

interface EmulatorTarget {
  functionsUrl: string;
  projectId: string;
}

/** When a schedule is due: it gets the minute's wall-clock time in the schedule's time zone. */
export type ScheduleMatcher = (wallClock: WallClock) => boolean;

export interface WallClock {
  /** Minutes since the epoch, for "every N minutes". */
  epochMinute: number;
  minute: number;
  hour: number;
  dayOfMonth: number;
  month: number;
  /** 0 = Sunday, as cron counts. */
  dayOfWeek: number;
}

const EVERY = /^every (\d+) (minute|minutes|hour|hours)$/;

function cronField(field: string, name: string): (value: number) => boolean {
  if (field === "*") return () => true;
  const step = /^\*\/(\d+)$/.exec(field);
  if (step) return (value) => value % Number(step[1]) === 0;
  // Numbers and ranges, alone or in a list: "5", "15,45", "3-5", "0,3-5".
  if (/^\d+(-\d+)?(,\d+(-\d+)?)*$/.test(field)) {
    const values = new Set<number>();
    for (const item of field.split(",")) {
      const [from, to = from] = item.split("-").map(Number) as [number, number?];
      if (to < from) throw new Error(`The cron ${name} range "${item}" runs backwards`);
      for (let value = from; value <= to; value += 1) values.add(value);
    }
    return (value) => values.has(value);
  }
  throw new Error(`The local scheduler does not understand the cron ${name} field "${field}"`);
}

/**
 * The schedules the functions use: App Engine's "every N minutes|hours" and five-field cron with
 * numbers, ranges, lists of them, `*` and `*\/N`. Anything else is refused, so a new schedule is not silently skipped.
 */
export function parseSchedule(schedule: string): ScheduleMatcher {
  const every = EVERY.exec(schedule.trim());
  if (every) {
    const minutes = Number(every[1]) * (every[2]!.startsWith("hour") ? 60 : 1);
    if (minutes < 1) throw new Error(`Schedule "${schedule}": the interval must be at least a minute`);
    return (clock) => clock.epochMinute % minutes === 0;
  }
  const fields = schedule.trim().split(/\s+/);
  if (fields.length !== 5)
    throw new Error(`The local scheduler does not understand the schedule "${schedule}"`);
  const [minute, hour, dayOfMonth, month, dayOfWeek] = fields.map((field, index) =>
    cronField(field, ["minute", "hour", "day-of-month", "month", "day-of-week"][index]!),
  ) as [
    (v: number) => boolean,
    (v: number) => boolean,
    (v: number) => boolean,
    (v: number) => boolean,
    (v: number) => boolean,
  ];
  return (clock) =>
    minute(clock.minute) &&
    hour(clock.hour) &&
    dayOfMonth(clock.dayOfMonth) &&
    month(clock.month) &&
    dayOfWeek(clock.dayOfWeek);
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** The wall clock of `at` in a time zone (Europe/Rome for every Vicino schedule). */
export function wallClock(at: Date, timeZone = "UTC"): WallClock {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    hourCycle: "h23",
    minute: "numeric",
    hour: "numeric",
    day: "numeric",
    month: "numeric",
    weekday: "short",
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return {
    epochMinute: Math.floor(at.getTime() / 60_000),
    minute: Number(part("minute")),
    hour: Number(part("hour")),
    dayOfMonth: Number(part("day")),
    month: Number(part("month")),
    dayOfWeek: WEEKDAYS.indexOf(part("weekday")),
  };
}

/** The loaded functions that have a schedule (the emulator's /backends listing). */
export async function scheduledFunctions(functionsUrl: string): Promise<ScheduledDefinition[]> {
  const response = await fetch(`${functionsUrl}/backends`);
  if (!response.ok) throw new Error(`Functions emulator /backends: HTTP ${response.status}`);
  const { backends } = (await response.json()) as {
    backends: { functionTriggers?: { name: string; schedule?: ScheduleTrigger }[] }[];
  };
  return backends
    .flatMap((backend) => backend.functionTriggers ?? [])
    .filter((trigger): trigger is ScheduledDefinition => Boolean(trigger.schedule?.schedule));
}

/** Calls one scheduled function now, as Cloud Scheduler would; throws unless it succeeded. */
export async function runScheduledFunction(
  target: EmulatorTarget,
  name: string,
  at = new Date(),
): Promise<void> {
  const keys = await triggerKeys(target.functionsUrl, target.projectId);
  const key = keys.find((candidate) => new RegExp(`^[a-z0-9-]+-${name}-\\d+$`).test(candidate));
  if (!key) {
    const known = (await scheduledFunctions(target.functionsUrl)).map((job) => job.name);
    throw new Error(`No scheduled function ${name}; the scheduled functions are ${known.join(", ")}`);
  }
  const response = await fetch(
    `${target.functionsUrl}/functions/projects/${target.projectId}/triggers/${key}`,
    {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "X-CloudScheduler-JobName": `local-${name}`,
        "X-CloudScheduler-ScheduleTime": at.toISOString(),
      },
      body: "{}",
    },
  );
  if (!response.ok)
    throw new Error(`Scheduled function ${name}: HTTP ${response.status} ${await response.text()}`);
}

/**
 * npm start: calls each scheduled function at its times, checking once a minute. Returns the stop
 * function. A run that fails is reported and the next one comes at its time, as in production.
 */
export function startLocalScheduler(
  target: EmulatorTarget & { print: (line: string) => void; everyMs?: number; now?: () => Date },
): () => void {
  const now = target.now ?? (() => new Date());
  let lastMinute = Math.floor(now().getTime() / 60_000);
  let busy = false;
  const tick = async () => {
    const at = now();
    const minute = Math.floor(at.getTime() / 60_000);
    if (busy || minute === lastMinute) return;
    // Every minute since the last tick (a busy run or a sleeping laptop may skip some), at most an hour.
    const minutes = Array.from({ length: Math.min(minute - lastMinute, 60) }, (_, i) => minute - i).reverse();
    lastMinute = minute;
    busy = true;
    try {
      const jobs = await scheduledFunctions(target.functionsUrl);
      for (const job of jobs) {
        const matches = parseSchedule(job.schedule.schedule);
        const timeZone = job.schedule.timeZone ?? "UTC";
        if (!minutes.some((m) => matches(wallClock(new Date(m * 60_000), timeZone)))) continue;
        await runScheduledFunction(target, job.name, at).then(
          () => target.print(`[scheduler] ${job.name} ran (${job.schedule.schedule})`),
          (error: unknown) => target.print(`[scheduler] ${job.name} failed: ${String(error)}`),
        );
      }
    } catch (error) {
      target.print(`[scheduler] could not read the schedules: ${String(error)}`);
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void tick(), target.everyMs ?? 10_000);
  timer.unref();
  return () => clearInterval(timer);
}
