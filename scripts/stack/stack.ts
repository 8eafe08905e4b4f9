import { mkdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { startRecordingProxy } from "../firestore-limits/recording-proxy";
import { firestoreAnswers, loadRules, watchRulesFile } from "./firestore-emulator";
import { keepFirestoreTriggersRegistered, registerFirestoreTriggers } from "./firestore-triggers";
import { findFreePorts, LOCAL_HOST } from "./ports";
import {
  type OutputOptions,
  runToCompletion,
  ServiceError,
  ServiceProcess,
  type ServiceSpec,
} from "./process";
import { runScheduledFunction, startLocalScheduler } from "./scheduled-functions";
import { serviceSpecs } from "./service-specs";
import { FUNCTIONS_REGION, type RunningStack, type StackOptions, stackUrls } from "./stack-options";
import { httpAnswers, waitUntil } from "./wait";

/**
 * The local Vicino stack: Google's Firestore emulator with firestore.rules loaded, the firebase-tools
 * Auth and Functions emulators, MailDev and the web server. `npm start` runs it on the fixed ports of
 * firebase.json; the test harness runs the same thing on free ports. Its shape is in stack-options.ts,
 * each service's command line in service-specs.ts.
 */

const host = LOCAL_HOST;
const live = new Set<ServiceProcess>();
let exitHookInstalled = false;
let shuttingDown = false;

/**
 * Stops every service this process started, even from a stack still starting up (Ctrl-C
 * during startup); no further service is launched afterwards.
 */
export async function stopAllServices(): Promise<void> {
  shuttingDown = true;
  await Promise.all([...live].map((service) => service.stop(20_000)));
  live.clear();
}

/** Last resort: SIGKILL every process group at once (second Ctrl-C). */
export function killAllServices(): void {
  shuttingDown = true;
  for (const service of live) service.killGroup();
}

/** If this process dies without stopping the stack, take the children with it. */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once("exit", () => {
    for (const service of live) service.killGroup();
  });
}

const READY_TIMEOUT_MS = 180_000;

/** Where every service's full output goes (`{name}.log`), whatever the console shows. */
export function stackLogDir(dataDir: string): string {
  return join(dataDir, "logs");
}

/** npm start: every save of the rules file reloads it; a compile error is shown and the last good rules stay. */
function watchRules(rulesFile: string, origin: string, options: StackOptions): () => void {
  const print = options.print ?? ((line: string) => process.stdout.write(`${line}\n`));
  const name = basename(rulesFile);
  return watchRulesFile(rulesFile, (source) => {
    loadRules(origin, options.projectId, source, name).then(
      () => print(`[firestore] ${name} reloaded`),
      (error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        print(`[firestore] ${name} not loaded, the previous rules stay in force:`);
        for (const line of message.split("\n")) print(`[firestore]   ${line}`);
      },
    );
  });
}

async function startRecorder(port: number) {
  const [emulatorPort] = await findFreePorts(1);
  const proxy = await startRecordingProxy({ host, port, target: { host, port: emulatorPort! } });
  return { emulatorPort: emulatorPort!, proxy };
}

/** Starts every service, resolves once all of them answer; on any failure stops what it started. */
export async function startStack(options: StackOptions): Promise<RunningStack> {
  installExitHook();
  mkdirSync(options.dataDir, { recursive: true });
  const output: OutputOptions = {
    verbose: options.verbose ?? false,
    logDir: stackLogDir(options.dataDir),
    ...(options.print ? { print: options.print } : {}),
  };
  // The emulator behind a recording proxy on its port (the tests' query and document checks).
  const wantsFirestore = (options.services ?? ["firestore"]).includes("firestore");
  const recorder =
    options.recordFirestore && wantsFirestore ? await startRecorder(options.ports.firestore) : undefined;
  const specs = serviceSpecs(options, recorder?.emulatorPort);
  const urls = stackUrls(options.ports);
  const rulesFile = options.rulesFile ?? join(options.rootDir, "firestore.rules");
  const functionUrl = (name: string) => `${urls.functions}/${options.projectId}/${FUNCTIONS_REGION}/${name}`;
  const services: ServiceProcess[] = [];
  const started = Date.now();

  let stopped = false;
  const launch = (spec: ServiceSpec | undefined): ServiceProcess | undefined => {
    if (!spec) return undefined;
    if (stopped || shuttingDown) throw new ServiceError(`${spec.name}: not started, the stack is stopping`);
    const service = new ServiceProcess(spec, output);
    services.push(service);
    live.add(service);
    void service.exited.then(() => {
      // The group may still hold grandchildren; they are reaped in stop().
      if (service.isStopping) live.delete(service);
    });
    return service;
  };

  let closeRulesWatcher: (() => void) | undefined;
  let stopTriggerWatch: (() => void) | undefined;
  let stopScheduler: (() => void) | undefined;
  const stop = async () => {
    stopped = true;
    closeRulesWatcher?.();
    stopTriggerWatch?.();
    stopScheduler?.();
    await Promise.all(services.map((service) => service.stop(20_000)));
    for (const service of services) live.delete(service);
    await recorder?.proxy.close();
  };

  const ready = (name: string, service?: ServiceProcess) => {
    if (service) service.ready = true;
    options.onReady?.(name, Date.now() - started);
  };

  try {
    const firestore = launch(specs.firestore);
    const maildev = launch(specs.maildev);
    const web = specs.webBuild ? undefined : launch(specs.web);
    const waits: Promise<void>[] = [];
    if (firestore) {
      waits.push(
        (async () => {
          await waitUntil("Firestore emulator", () => firestoreAnswers(urls.firestore), {
            timeoutMs: READY_TIMEOUT_MS,
            service: firestore,
          });
          await loadRules(
            urls.firestore,
            options.projectId,
            readFileSync(rulesFile, "utf8"),
            basename(rulesFile),
          );
          ready("firestore", firestore);
          if (options.watchRules) closeRulesWatcher = watchRules(rulesFile, urls.firestore, options);
        })(),
      );
    }
    if (maildev) {
      waits.push(
        waitUntil("MailDev", () => httpAnswers(`${urls.inbox}/email`), {
          timeoutMs: READY_TIMEOUT_MS,
          service: maildev,
        }).then(() => ready("maildev", maildev)),
      );
    }
    if (specs.firebase) {
      const firebaseSpec = specs.firebase;
      waits.push(
        (async () => {
          if (specs.functionsBuild) await runToCompletion(specs.functionsBuild, output);
          const firebase = launch(firebaseSpec)!;
          await waitUntil(
            "Auth emulator",
            () =>
              httpAnswers(
                `${urls.auth}/`,
                async (response) => response.ok && (await response.text()).includes('"ready": true'),
              ),
            { timeoutMs: READY_TIMEOUT_MS, service: firebase },
          );
          ready("auth", specs.functionsBuild ? undefined : firebase);
          if (!specs.functionsBuild) return;
          await waitUntil(
            "Functions emulator",
            () =>
              httpAnswers(
                functionUrl("health"),
                async (response) => response.ok && (await response.json()).ok === true,
              ),
            { timeoutMs: READY_TIMEOUT_MS, service: firebase },
          );
          ready("functions", firebase);
          if (options.watchFunctions) {
            const watcher = launch({
              ...specs.functionsBuild,
              name: "functions-watch",
              args: [...specs.functionsBuild.args, "--watch"],
            });
            if (watcher) watcher.ready = true;
          }
        })(),
      );
    }
    if (specs.web) {
      waits.push(
        (async () => {
          let server = web;
          if (specs.webBuild) {
            await runToCompletion(specs.webBuild, output);
            server = launch(specs.web);
          }
          await waitUntil("app (Vite)", () => httpAnswers(`${urls.app}/`), {
            timeoutMs: READY_TIMEOUT_MS,
            ...(server ? { service: server } : {}),
          });
          ready("web", server);
        })(),
      );
    }
    try {
      await Promise.all(waits);
      if (firestore && specs.functionsBuild) {
        const target = {
          functionsUrl: urls.functions,
          firestoreUrl: urls.firestore,
          projectId: options.projectId,
        };
        const registered = await registerFirestoreTriggers(target);
        if (options.watchFunctions) {
          stopTriggerWatch = keepFirestoreTriggersRegistered({ ...target, registered });
        }
      }
      if (specs.functionsBuild && options.runSchedules) {
        const print = options.print ?? ((line: string) => process.stdout.write(`${line}\n`));
        stopScheduler = startLocalScheduler({
          functionsUrl: urls.functions,
          projectId: options.projectId,
          print,
        });
      }
    } catch (error) {
      // Stopping makes the other waits fail fast (their process exits); let them settle first.
      await stop();
      await Promise.allSettled(waits);
      throw error;
    }
  } catch (error) {
    await stop();
    throw error instanceof ServiceError ? error : new ServiceError(String(error));
  }

  const crashed = new Promise<ServiceProcess>((resolve) => {
    for (const service of services) {
      void service.exited.then(() => {
        if (!service.isStopping) resolve(service);
      });
    }
  });

  return {
    options,
    urls,
    hosts: {
      firestore: `${host}:${options.ports.firestore}`,
      auth: `${host}:${options.ports.auth}`,
      functions: `${host}:${options.ports.functions}`,
    },
    crashed,
    functionUrl,
    runScheduled: (name: string, at?: Date) =>
      runScheduledFunction({ functionsUrl: urls.functions, projectId: options.projectId }, name, at),
    stop,
  };
}

/** Free ports for a private stack and for firebase-tools' support emulators (tests, benchmarks). */
export async function freeStackPorts(): Promise<Pick<StackOptions, "ports" | "firebaseSupportPorts">> {
  const [firestore, firestoreWebSocket, auth, functions, smtp, inbox, web, hub, logging, eventarc, tasks] =
    await findFreePorts(11);
  return {
    ports: {
      firestore: firestore!,
      firestoreWebSocket: firestoreWebSocket!,
      auth: auth!,
      functions: functions!,
      smtp: smtp!,
      inbox: inbox!,
      web: web!,
    },
    firebaseSupportPorts: {
      hub: hub!,
      logging: logging!,
      eventarc: eventarc!,
      tasks: tasks!,
    },
  };
}
