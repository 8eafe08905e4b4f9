/**
 * A schema built on first use instead of when its module is evaluated.
 *
 * zod 4 builds every schema object eagerly (each with its own methods), so a module that declares a few
 * dozen schemas costs milliseconds to evaluate, and the session's chunk pulls in most of src/domain:
 * about 100 ms of main-thread work on this machine, four times that on Lighthouse's phone, before the
 * first paint of a signed-in page (docs/lighthouse.md). Wrapped in `lazySchema`, a schema is built the
 * first time anything touches it (a parse, a composition into another schema, `.shape`), once; the value
 * behaves as the schema itself (same type, methods, `instanceof`), so callers do not change.
 */
export function lazySchema<T extends object>(build: () => T): T {
  let built: T | undefined;
  const schema = (): T => {
    built ??= build();
    return built;
  };
  return new Proxy({} as T, {
    get: (_target, key) => Reflect.get(schema(), key),
    set: (_target, key, value) => Reflect.set(schema(), key, value),
    has: (_target, key) => Reflect.has(schema(), key),
    ownKeys: () => Reflect.ownKeys(schema()),
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(schema(), key);
      // A proxy may only report a property its (empty) target lacks as configurable.
      return descriptor ? { ...descriptor, configurable: true } : undefined;
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  });
}
