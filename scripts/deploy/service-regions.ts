import type { Endpoint } from "./functions-bundle";

/**
 * Where each Google service a function's trigger depends on is offered, from the vendor's location pages
 * (read on 2026-12-07 through the docs search; re-read them before changing a region). A function can
 * only be deployed where every service of its trigger exists: Cloud Run functions for all of them,
 * Cloud Scheduler for a schedule (its job is created in the function's region), Cloud Tasks for a task
 * queue (the queue is created in the function's region), and for a Firestore trigger Eventarc in the
 * database's own location. `offered`: regions the page lists. `unconfirmed`: regions that matter here
 * whose listing could not be read in full; deploy:check names them as notes, to confirm with the command
 * given (docs/operations.md, "Regions") before the first deploy.
 */
export type TriggerService = "cloud-run-functions" | "cloud-scheduler" | "cloud-tasks" | "firestore-eventarc";

export interface ServiceLocations {
  name: string;
  page: string;
  offered: readonly string[];
  unconfirmed: Readonly<Record<string, string>>;
}

/** Where the Firestore database lives (docs/operations.md, first deploy, step 1): triggers must run there. */
export const FIRESTORE_LOCATION = "europe-west8";

export const SERVICE_LOCATIONS: Record<TriggerService, ServiceLocations> = {
  "cloud-run-functions": {
    name: "Cloud Run functions",
    page: "https://cloud.google.com/functions/docs/locations",
    // Europe, tier 1 and tier 2, and the platform's default.
    offered: [
      "europe-north1",
      "europe-southwest1",
      "europe-west1",
      "europe-west4",
      "europe-west8",
      "europe-west9",
      "europe-central2",
      "europe-west2",
      "europe-west3",
      "europe-west6",
      "europe-west10",
      "europe-west12",
      "us-central1",
    ],
    unconfirmed: {},
  },
  "cloud-scheduler": {
    name: "Cloud Scheduler",
    page: "https://cloud.google.com/scheduler/docs/locations (and its release notes)",
    // The release notes' additions read here: europe-west4 (2026-04-17), europe-west12 (2026-09-24).
    offered: ["europe-west4", "europe-west12", "us-central1"],
    unconfirmed: {
      "europe-west8":
        "the locations page's Europe table could not be read here: `gcloud scheduler locations list --project <id>`",
    },
  },
  "cloud-tasks": {
    name: "Cloud Tasks",
    page: "https://cloud.google.com/tasks/docs/locations",
    // Europe as the page was read (a copy older than the current page, which adds regions elsewhere).
    offered: [
      "europe-central2",
      "europe-west1",
      "europe-west2",
      "europe-west3",
      "europe-west6",
      "us-central1",
    ],
    unconfirmed: {
      "europe-west8":
        "absent from the copy of the locations page read here, which predates the current one: `gcloud tasks locations list --project <id>`",
    },
  },
  "firestore-eventarc": {
    name: "Eventarc (Firestore triggers)",
    page: "https://cloud.google.com/firestore/docs/eventarc (a trigger runs in its database's location)",
    offered: [FIRESTORE_LOCATION],
    unconfirmed: {},
  },
};

/** The services a function's trigger needs in its region. */
export function servicesOf(endpoint: Endpoint): TriggerService[] {
  const services: TriggerService[] = ["cloud-run-functions"];
  if (endpoint.scheduleTrigger) services.push("cloud-scheduler");
  if (endpoint.taskQueueTrigger) services.push("cloud-tasks");
  const eventType = (endpoint.eventTrigger as { eventType?: string } | undefined)?.eventType ?? "";
  if (eventType.startsWith("google.cloud.firestore.")) services.push("firestore-eventarc");
  return services;
}

export interface RegionVerdict {
  service: TriggerService;
  region: string;
  status: "offered" | "not-offered" | "unconfirmed";
  note?: string;
}

/** Each service of the endpoint's trigger in each of its regions. */
export function regionVerdicts(endpoint: Endpoint): RegionVerdict[] {
  const regions = endpoint.region?.length ? endpoint.region : ["us-central1"];
  return servicesOf(endpoint).flatMap((service) =>
    regions.map((region): RegionVerdict => {
      const table = SERVICE_LOCATIONS[service];
      if (table.offered.includes(region)) return { service, region, status: "offered" };
      const note = table.unconfirmed[region];
      return note
        ? { service, region, status: "unconfirmed", note }
        : { service, region, status: "not-offered" };
    }),
  );
}
