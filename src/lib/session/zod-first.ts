// What `import()` asks for to have zod's chunk evaluated on its own (./shared-schemas.ts): one of zod's
// functions the domain uses anyway, so the chunk keeps only the zod the domain's schemas use (the whole
// `z` namespace, imported here, would keep all of zod).
export { object } from "zod";
