// Firestore triggers on the local stack. firebase-tools registers a function's Firestore trigger only
// with a Firestore emulator it started itself; ours is Google's, started by the stack (architecture §6)
// with --functions_emulator, so the stack registers each trigger with it, as firebase-tools would
// (POST /emulator/v1/projects/{p}/eventarcTrigger?eventarcTriggerId={key}). The Firestore emulator then
// delivers each matching write to the Functions emulator at /functions/projects/{p}/triggers/{key}.

const FIRESTORE_EVENT_PREFIX = "google.cloud.firestore.document.v1.";

interface TriggerDefinition {
  id: string;
  eventTrigger?: {
    eventType?: string;
    eventFilters?: Record<string, string>;
    eventFilterPathPatterns?: Record<string, string>;
  };
}

/** The Functions emulator's functions with a Firestore event trigger (its /backends listing). */
async function firestoreTriggers(functionsUrl: string): Promise<TriggerDefinition[]> {
  const response = await fetch(`${functionsUrl}/backends`);
  if (!response.ok) throw new Error(`Functions emulator /backends: HTTP ${response.status}`);
  const { backends } = (await response.json()) as { backends: { functionTriggers?: TriggerDefinition[] }[] };
  return backends
    .flatMap((backend) => backend.functionTriggers ?? [])
    .filter((trigger) => trigger.eventTrigger?.eventType?.startsWith(FIRESTORE_EVENT_PREFIX));
}

/**
 * The keys the Functions emulator knows its triggers by (`{id}-{generation}`, the generation growing
 * with each reload of the functions): it lists them when asked for one that does not exist.
 */
export async function triggerKeys(functionsUrl: string, projectId: string): Promise<string[]> {
  const response = await fetch(`${functionsUrl}/functions/projects/${projectId}/triggers/__vicino_probe__`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
  });
  const text = await response.text();
  const listed = /valid functions are: (.*)$/s.exec(text)?.[1] ?? "";
  return listed.split(",").map((key) => key.trim());
}

/** Registers every Firestore trigger of the loaded functions; returns the keys registered. */
export async function registerFirestoreTriggers(options: {
  functionsUrl: string;
  firestoreUrl: string;
  projectId: string;
}): Promise<string[]> {
  const [triggers, keys] = await Promise.all([
    firestoreTriggers(options.functionsUrl),
    triggerKeys(options.functionsUrl, options.projectId),
  ]);
  const registered: string[] = [];
  for (const trigger of triggers) {
    const key = keys.find((candidate) => new RegExp(`^${trigger.id}-\\d+$`).test(candidate));
    const event = trigger.eventTrigger;
    const pattern = event?.eventFilterPathPatterns?.document;
    const exact = event?.eventFilters?.document;
    if (!key || !event || !(pattern ?? exact)) {
      throw new Error(`Firestore trigger ${trigger.id}: no key or document in the Functions emulator`);
    }
    const response = await fetch(
      `${options.firestoreUrl}/emulator/v1/projects/${options.projectId}/eventarcTrigger?eventarcTriggerId=${encodeURIComponent(key)}`,
      {
        method: "POST",
        headers: { "content-type": "application/json", authorization: "Bearer owner" },
        body: JSON.stringify({
          eventType: event.eventType,
          database: event.eventFilters?.database ?? "(default)",
          namespace: event.eventFilters?.namespace ?? "(default)",
          document: { value: pattern ?? exact, matchType: pattern ? "PATH_PATTERN" : "EXACT" },
        }),
      },
    );
    if (!response.ok) {
      throw new Error(
        `Firestore emulator refused trigger ${key}: HTTP ${response.status} ${await response.text()}`,
      );
    }
    registered.push(key);
  }
  return registered;
}

/**
 * `npm start` rebuilds the functions on change and the emulator reloads them under new trigger keys:
 * re-register whenever the registered keys are no longer the emulator's. Returns the stop function.
 */
export function keepFirestoreTriggersRegistered(
  options: Parameters<typeof registerFirestoreTriggers>[0] & { registered: string[]; everyMs?: number },
): () => void {
  let registered = options.registered;
  let busy = false;
  const timer = setInterval(async () => {
    if (busy) return;
    busy = true;
    try {
      const keys = await triggerKeys(options.functionsUrl, options.projectId);
      if (registered.some((key) => !keys.includes(key))) {
        registered = await registerFirestoreTriggers(options);
      }
    } catch {
      // The emulator is reloading; the next round tries again.
    } finally {
      busy = false;
    }
  }, options.everyMs ?? 5_000);
  timer.unref();
  return () => clearInterval(timer);
}
