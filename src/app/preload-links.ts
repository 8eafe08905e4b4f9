/** How many `<link rel="modulepreload">` one task inserts (each starts a fetch: about 0.25 ms here). */
export const PRELOAD_LINKS_PER_TASK = 8;

const isModulePreload = (node: Node): node is HTMLLinkElement =>
  node instanceof HTMLLinkElement && node.rel === "modulepreload";

/**
 * Runs `load` (a page's `import()`) with the `<link rel="modulepreload">` it inserts spread over several
 * tasks. Vite's preload helper appends one link per chunk the page needs, all in the task that starts
 * the import: 40 for the shop's dashboard, one task of about 10 ms of CPU right after the first paint,
 * which Lighthouse's 4× CPU makes a long one (docs/lighthouse.md). Here the first
 * PRELOAD_LINKS_PER_TASK go in at once and the rest in the next tasks; the page's own chunk is fetched
 * by the import as before, and the browser's module map fetches each chunk once, whether a link or the
 * import asks first. Every other child appended to <head> meanwhile goes in at once.
 */
export function withPreloadLinksInSlices<T>(load: () => T): T {
  if (typeof document === "undefined") return load();
  const head = document.head;
  const held: HTMLLinkElement[] = [];
  const append = head.appendChild;
  // An own property shadows Node.prototype.appendChild for this call only (removed below).
  head.appendChild = function <N extends Node>(this: HTMLHeadElement, node: N): N {
    if (isModulePreload(node)) {
      held.push(node);
      return node;
    }
    return append.call(this, node) as N;
  };
  try {
    return load();
  } finally {
    Reflect.deleteProperty(head, "appendChild");
    insertInSlices(head, held);
  }
}

function insertInSlices(head: HTMLHeadElement, links: HTMLLinkElement[]): void {
  const slice = links.splice(0, PRELOAD_LINKS_PER_TASK);
  for (const link of slice) head.appendChild(link);
  if (links.length > 0) setTimeout(() => insertInSlices(head, links), 0);
}
