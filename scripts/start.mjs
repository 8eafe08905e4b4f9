#!/usr/bin/env node
// `npm start`: the local Vicino stack. The orchestration is TypeScript shared with the
// end-to-end harness (scripts/stack/), loaded here through tsx.
import { register } from "tsx/esm/api";

register();
const { main } = await import("./stack/cli.ts");
process.exit(await main(process.argv.slice(2)));
