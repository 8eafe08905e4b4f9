// The local stack (emulators, MailDev, the web server) runs on the same cores as the browser being
// measured. A phone does not share its CPU with the Firestore server, and Lighthouse multiplies every
// main-thread task it observes by 4, so a task stretched by an emulator's garbage collection counts four
// times in the Total Blocking Time. Before the browser starts, every process this run has started so
// far is put at the lowest CPU priority: they still answer every request, but the browser's main thread
// goes first (docs/lighthouse.md, "Method"). BENCH_LH_STACK_NICE=0 keeps them at normal priority.
import { readdirSync, readFileSync } from "node:fs";
import { constants, setPriority } from "node:os";

/** The priority the stack is moved to (19 is the lowest), or 0 to leave it alone. */
export const STACK_NICE = Number(process.env.BENCH_LH_STACK_NICE ?? constants.priority.PRIORITY_LOW);

/** Parent pid of every process, from /proc (Linux); empty elsewhere. */
function parents(): Map<number, number> {
  const byPid = new Map<number, number>();
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return byPid;
  }
  for (const entry of entries) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      // "pid (comm) state ppid …": comm may hold spaces and parentheses, so split after the last ')'.
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (Number.isInteger(ppid)) byPid.set(pid, ppid);
    } catch {
      // The process ended meanwhile.
    }
  }
  return byPid;
}

/** Every process descended from `root` (not `root` itself). */
export function descendantsOf(root: number, parentOf: Map<number, number>): number[] {
  const children = new Map<number, number[]>();
  for (const [pid, ppid] of parentOf) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  const found: number[] = [];
  const queue = [...(children.get(root) ?? [])];
  while (queue.length > 0) {
    const pid = queue.shift() as number;
    found.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return found;
}

/**
 * The threads of `pid` (Linux: /proc/PID/task), or just `pid` where they cannot be listed. A process's
 * priority is its threads' own: Linux moves only the one thread whose id is given, and a JVM or Node
 * starts its worker threads (garbage collection, I/O, compilers) long before the bench moves it.
 */
export function threadsOf(pid: number, list: (dir: string) => string[] = readdirSync): number[] {
  try {
    const threads = list(`/proc/${pid}/task`)
      .map(Number)
      .filter((tid) => Number.isInteger(tid));
    return threads.length > 0 ? threads : [pid];
  } catch {
    return [pid];
  }
}

/**
 * Moves this process's descendants (the local stack), every thread of each, to STACK_NICE; returns how
 * many processes were moved.
 */
export function quietTheStack(): number {
  if (STACK_NICE === 0) return 0;
  let moved = 0;
  for (const pid of descendantsOf(process.pid, parents())) {
    let any = false;
    for (const tid of threadsOf(pid)) {
      try {
        setPriority(tid, STACK_NICE);
        any = true;
      } catch {
        // Ended meanwhile, or not ours to change.
      }
    }
    if (any) moved += 1;
  }
  return moved;
}
