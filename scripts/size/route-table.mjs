// The route table as `npm run size` needs it, read through code rather than by text patterns: the
// paths from src/config/paths.ts itself (loaded with tsx), and the pages and routes of src/app/routes.tsx
// from its syntax tree (TypeScript's parser), so reformatting either file changes nothing here.

import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { tsImport } from "tsx/esm/api";
import ts from "typescript";

/** `@/x/y` → the source file (`src/x/y.tsx` or `.ts`). */
function sourceFile(root, alias) {
  const base = `src/${alias.slice("@/".length)}`;
  const file = [".tsx", ".ts"]
    .map((ext) => base + ext)
    .find((candidate) => existsSync(join(root, candidate)));
  if (!file) throw new Error(`src/app/routes.tsx imports ${alias}, which has no source file`);
  return file;
}

/** The string a node is, if it is a string literal. */
const stringOf = (node) => (node && ts.isStringLiteralLike(node) ? node.text : undefined);

/** The first dynamic import()'s specifier under `node`. */
function importedModule(node) {
  let found;
  const visit = (child) => {
    if (found) return;
    if (ts.isCallExpression(child) && child.expression.kind === ts.SyntaxKind.ImportKeyword) {
      found = stringOf(child.arguments[0]);
      return;
    }
    ts.forEachChild(child, visit);
  };
  visit(node);
  return found;
}

/** `paths.key.path` → "key". */
function pathKey(node) {
  if (!node || !ts.isPropertyAccessExpression(node) || node.name.text !== "path") return undefined;
  const inner = node.expression;
  if (!ts.isPropertyAccessExpression(inner) || !ts.isIdentifier(inner.expression)) return undefined;
  return inner.expression.text === "paths" ? inner.name.text : undefined;
}

/** `<Page />` → "Page". */
function elementName(node) {
  if (node && ts.isJsxSelfClosingElement(node) && ts.isIdentifier(node.tagName)) return node.tagName.text;
  return undefined;
}

/**
 * Every lazy page (`const X = page(() => import("@/…")…)`, or `plain(…)` for one that reads no data),
 * every lazy frame (`const X = shell(() => import("@/…")…)`) and every route object (`{ path:
 * paths.key.path, access: "…", element: <X />, shell?: <Y /> }`) in routes.tsx.
 */
export function parseRouteTable(source) {
  const file = ts.createSourceFile("routes.tsx", source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const lazyPages = new Map();
  const lazyShells = new Map();
  const routes = [];
  const visit = (node) => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      ts.isCallExpression(node.initializer) &&
      ts.isIdentifier(node.initializer.expression)
    ) {
      const kind = node.initializer.expression.text;
      const module = importedModule(node.initializer);
      if (module && (kind === "page" || kind === "plain")) lazyPages.set(node.name.text, module);
      if (module && kind === "shell") lazyShells.set(node.name.text, module);
    }
    if (ts.isObjectLiteralExpression(node)) {
      const property = (name) =>
        node.properties.find((item) => ts.isPropertyAssignment(item) && item.name.getText(file) === name)
          ?.initializer;
      const key = pathKey(property("path"));
      const access = stringOf(property("access"));
      const element = elementName(property("element"));
      const shell = elementName(property("shell"));
      if (key && access && element) routes.push({ key, access, element, ...(shell ? { shell } : {}) });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return { lazyPages, lazyShells, routes };
}

/**
 * The routes with their path and the source files of their lazy page (undefined for an entry page) and
 * lazy frame (undefined when it has none, or its frame is in the entry).
 */
export async function readRouteTable(root) {
  const { paths } = await tsImport(pathToFileURL(join(root, "src/config/paths.ts")).href, import.meta.url);
  // The route table and the pages' frames it imports (src/app/route-shells.ts), read as one source.
  const source = ["src/app/routes.tsx", "src/app/route-shells.ts"]
    .map((file) => readFileSync(join(root, file), "utf8"))
    .join("\n");
  const { lazyPages, lazyShells, routes } = parseRouteTable(source);
  const table = routes.map(({ key, access, element, shell }) => {
    const path = paths[key]?.path;
    if (!path) throw new Error(`src/app/routes.tsx uses paths.${key}, which src/config/paths.ts lacks`);
    const page = lazyPages.get(element);
    const frame = shell ? lazyShells.get(shell) : undefined;
    return {
      path,
      access,
      page: page ? sourceFile(root, page) : undefined,
      shell: frame ? sourceFile(root, frame) : undefined,
    };
  });
  const known = Object.keys(paths).length;
  if (table.length !== known) {
    throw new Error(
      `src/app/routes.tsx routes ${table.length} paths, src/config/paths.ts declares ${known}: every path needs a route`,
    );
  }
  return table;
}
