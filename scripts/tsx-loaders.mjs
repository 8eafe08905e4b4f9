// tsx's two loaders, as `npm start` needs them: the seed runs the functions' own code, which is
// CommonJS (functions/package.json) and imports `@/domain/…`, a path only tsx's CommonJS loader
// resolves there (with the ESM one alone, `npm start` stopped at "Cannot find module
// '@/domain/boundary/callables'"). scripts/tsx-loaders.test.ts loads the seed's writer through them.
import { register as registerCommonJs } from "tsx/cjs/api";
import { register } from "tsx/esm/api";

register();
registerCommonJs();
