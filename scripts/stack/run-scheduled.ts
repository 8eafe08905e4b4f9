import { runScheduledFunction, scheduledFunctions } from "./scheduled-functions";
import { DEFAULT_PORTS, LOCAL_PROJECT_ID, stackUrls } from "./stack-options";

/**
 * `npm run scheduled -- <name>`: runs one scheduled function now on the `npm start` stack (which
 * otherwise calls each at its times), e.g. `npm run scheduled -- expireRequests`. Without a name it
 * lists them with their schedules.
 */

async function main(name: string | undefined): Promise<number> {
  const functionsUrl = stackUrls(DEFAULT_PORTS).functions;
  try {
    if (!name) {
      for (const job of await scheduledFunctions(functionsUrl)) {
        process.stdout.write(
          `${job.name.padEnd(16)} ${job.schedule.schedule} (${job.schedule.timeZone ?? "UTC"})\n`,
        );
      }
      return 0;
    }
    await runScheduledFunction({ functionsUrl, projectId: LOCAL_PROJECT_ID }, name);
    process.stdout.write(`${name} ran; its log is in npm start's output.\n`);
    return 0;
  } catch (error) {
    process.stderr.write(`✖ ${error instanceof Error ? error.message : String(error)}\n`);
    // fetch throws a TypeError when nothing answers on the port.
    if (error instanceof TypeError)
      process.stderr.write(`  Nothing answers at ${functionsUrl}: is npm start running?\n`);
    return 1;
  }
}

main(process.argv[2]).then((code) => process.exit(code));
