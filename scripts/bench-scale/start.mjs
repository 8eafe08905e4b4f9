// `npm run bench:scale` loads the functions' own code, which is CommonJS with @/domain imports: tsx's
// two loaders are needed (tsx-loaders.mjs), as for `npm start`.
import "../tsx-loaders.mjs";

await import("./run.ts");
