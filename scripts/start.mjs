#!/usr/bin/env node
// `npm start`: the local Vicino stack. The orchestration is TypeScript shared with the
// end-to-end harness (scripts/stack/), loaded here through tsx (both loaders: tsx-loaders.mjs).
import "./tsx-loaders.mjs";

const { main } = await import("./stack/cli.ts");
process.exit(await main(process.argv.slice(2)));
