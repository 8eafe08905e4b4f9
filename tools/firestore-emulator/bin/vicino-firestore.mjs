#!/usr/bin/env node
// Runs the TypeScript sources directly through tsx.
import { register } from "tsx/esm/api";

register();
await import("../src/cli.ts");
