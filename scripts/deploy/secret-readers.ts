import ts from "typescript";

/**
 * Which code reads which secret. A secret is a name given to `defineSecret("NAME")` in the code, or one
 * of `knownSecrets` (secrets the deploy stores in Secret Manager even where the code still reads them
 * from the environment). Code reads a secret when it calls `.value()` on the param (under any local
 * name), reads the environment variable through the param's name (`env[param.name]`), or names the
 * variable itself (`process.env.NAME`, `env["NAME"]`): each is what a bound secret is exposed as, and
 * each is empty at runtime when the function does not bind it.
 *
 * Reads are kept per top-level declaration, so that importing one helper of a config module does not
 * count the secrets its other helpers read (billing/config.ts: `webhookSecretFromEnv` reads only
 * STRIPE_WEBHOOK_SECRET).
 */
export interface SourceFile {
  path: string;
  text: string;
}

export interface ModuleSecrets {
  /** Every secret the module's code reads anywhere. */
  all: Set<string>;
  /** Read by code that runs when the module loads (outside any declaration). */
  moduleLevel: Set<string>;
  /** Top-level declaration (function, const, class) → secrets it reads, with the local helpers it calls. */
  byDeclaration: Map<string, Set<string>>;
  /** The names it imports or re-exports from each specifier ("*" for a namespace or `export *`). */
  imports: { specifier: string; names: string[] | "*" }[];
}

function walk(node: ts.Node, visit: (node: ts.Node) => void): void {
  visit(node);
  node.forEachChild((child) => walk(child, visit));
}

/** `const x = defineSecret("NAME")` anywhere: identifier → secret name. */
export function secretDeclarations(files: readonly SourceFile[]): Map<string, string> {
  const declared = new Map<string, string>();
  for (const file of files) {
    walk(ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, true), (node) => {
      if (!ts.isVariableDeclaration(node) || !ts.isIdentifier(node.name) || !node.initializer) return;
      const call = node.initializer;
      if (!ts.isCallExpression(call) || !ts.isIdentifier(call.expression)) return;
      const [first] = call.arguments;
      if (call.expression.text === "defineSecret" && first && ts.isStringLiteralLike(first))
        declared.set(node.name.text, first.text);
    });
  }
  return declared;
}

/** The secrets one piece of code reads, given the module's local names of the secret params. */
function readsIn(node: ts.Node, params: Map<string, string>, names: ReadonlySet<string>): Set<string> {
  const read = new Set<string>();
  const paramOf = (expression: ts.Expression) =>
    ts.isIdentifier(expression) ? params.get(expression.text) : undefined;
  walk(node, (child) => {
    if (ts.isCallExpression(child) && ts.isPropertyAccessExpression(child.expression)) {
      const secret =
        child.expression.name.text === "value" ? paramOf(child.expression.expression) : undefined;
      if (secret) read.add(secret); // param.value()
    }
    if (ts.isElementAccessExpression(child)) {
      const key = child.argumentExpression;
      const secret =
        ts.isPropertyAccessExpression(key) && key.name.text === "name" ? paramOf(key.expression) : undefined;
      if (secret) read.add(secret); // env[param.name]
      if (ts.isStringLiteralLike(key) && names.has(key.text)) read.add(key.text); // env["NAME"]
    }
    if (ts.isPropertyAccessExpression(child) && names.has(child.name.text)) read.add(child.name.text); // env.NAME
  });
  return read;
}

const declaredNames = (statement: ts.Statement): string[] => {
  if (ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement))
    return statement.name ? [statement.name.text] : [];
  if (ts.isVariableStatement(statement))
    return statement.declarationList.declarations.flatMap((d) =>
      ts.isIdentifier(d.name) ? [d.name.text] : [],
    );
  return [];
};

export function analyzeModule(
  file: SourceFile,
  declared: ReadonlyMap<string, string>,
  names: ReadonlySet<string>,
): ModuleSecrets {
  const source = ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, true);
  const params = new Map<string, string>();
  const imports: ModuleSecrets["imports"] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const bindings = statement.importClause?.namedBindings;
      const specifiers = bindings && ts.isNamedImports(bindings) ? bindings.elements : [];
      for (const element of specifiers) {
        const secret = declared.get((element.propertyName ?? element.name).text);
        if (secret) params.set(element.name.text, secret);
      }
      if (statement.importClause?.isTypeOnly) continue;
      const namespace = bindings && ts.isNamespaceImport(bindings);
      const used = specifiers.filter((e) => !e.isTypeOnly).map((e) => (e.propertyName ?? e.name).text);
      const withDefault = statement.importClause?.name ? ["default", ...used] : used;
      imports.push({ specifier: statement.moduleSpecifier.text, names: namespace ? "*" : withDefault });
    }
    if (
      ts.isExportDeclaration(statement) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
    ) {
      const clause = statement.exportClause;
      const reexported =
        clause && ts.isNamedExports(clause)
          ? clause.elements.map((e) => (e.propertyName ?? e.name).text)
          : "*";
      if (!statement.isTypeOnly)
        imports.push({ specifier: statement.moduleSpecifier.text, names: reexported });
    }
  }
  for (const statement of source.statements) {
    for (const name of declaredNames(statement))
      if (declared.has(name)) params.set(name, declared.get(name) as string);
  }
  const own = new Map<string, { reads: Set<string>; node: ts.Statement }>();
  const moduleLevel = new Set<string>();
  for (const statement of source.statements) {
    const namesHere = declaredNames(statement);
    const reads = readsIn(statement, params, names);
    if (namesHere.length === 0) for (const secret of reads) moduleLevel.add(secret);
    for (const name of namesHere) own.set(name, { reads, node: statement });
  }
  // A declaration reads what the module's other declarations it refers to read (helpers, constants).
  const byDeclaration = new Map<string, Set<string>>();
  const resolveReads = (name: string, seen: Set<string>): Set<string> => {
    const entry = own.get(name);
    if (!entry || seen.has(name)) return new Set();
    seen.add(name);
    const result = new Set(entry.reads);
    walk(entry.node, (child) => {
      if (ts.isIdentifier(child) && child.text !== name && own.has(child.text))
        for (const secret of resolveReads(child.text, seen)) result.add(secret);
    });
    return result;
  };
  for (const name of own.keys()) byDeclaration.set(name, resolveReads(name, new Set()));
  const all = new Set([...moduleLevel, ...[...own.values()].flatMap(({ reads }) => [...reads])]);
  return { all, moduleLevel, byDeclaration, imports };
}

/** Every module of the bundle, analysed. */
export function analyzeModules(
  files: readonly SourceFile[],
  knownSecrets: readonly string[] = [],
): Map<string, ModuleSecrets> {
  const declared = secretDeclarations(files);
  const names = new Set([...knownSecrets, ...declared.values()]);
  return new Map(files.map((file) => [file.path, analyzeModule(file, declared, names)]));
}

/**
 * The secrets a function needs, each with the code that reads it: everything its own module reads, the
 * module-level reads of every module it loads, and for each import along the way the secrets the
 * imported declarations read. `resolve(module, specifier)` gives the imported module's path (from
 * esbuild's metafile); `closure` is every module the function's module loads, itself included.
 */
export function secretsNeeded(
  entry: string,
  closure: ReadonlySet<string>,
  modules: ReadonlyMap<string, ModuleSecrets>,
  resolve: (module: string, specifier: string) => string | undefined,
): Map<string, string> {
  const needed = new Map<string, string>();
  const add = (secrets: Iterable<string>, where: string) => {
    for (const secret of secrets) if (!needed.has(secret)) needed.set(secret, where);
  };
  add(modules.get(entry)?.all ?? [], entry);
  for (const path of [...closure].sort()) {
    const module = modules.get(path);
    if (!module) continue;
    add(module.moduleLevel, path);
    for (const { specifier, names } of module.imports) {
      const target = resolve(path, specifier);
      const imported = target ? modules.get(target) : undefined;
      if (!target || !imported) continue;
      if (names === "*") add(imported.all, target);
      for (const name of names === "*" ? [] : names)
        add(imported.byDeclaration.get(name) ?? imported.all, `${target} (${name})`);
    }
  }
  return needed;
}
