// What the browser's Firestore traffic reads, from the bytes on the wire (no guessing from the app's code).
//
// Firestore Lite speaks REST: `…/documents:runQuery` and `:runAggregationQuery` answer a JSON array of
// results, `:batchGet` an array of `found`/`missing`. The full SDK's live listeners speak WebChannel:
// the page POSTs `reqN___data__` form fields to `…/Firestore/Listen/channel` (each an `addTarget` or a
// `removeTarget`), and the server streams frames `LENGTH\n[[arrayId,[payload]],…]` whose payloads are
// `targetChange`s and `documentChange`s. Everything here is pure, so it is tested on captured payloads.

/** One thing the page read, in the order it arrived. */
export type ReadEvent =
  /** A document delivered, by a one-shot read (`rest`) or a listener's target (`listen`). */
  | { kind: "document"; path: string; via: "rest" | "listen"; target?: number }
  /** A query or a listener that answered no document: Firestore bills one read for it. */
  | { kind: "empty"; via: "rest" | "listen"; label: string }
  /** A `count()`-style aggregation: one read per up to 1,000 index entries, counted as one. */
  | { kind: "aggregation"; label: string }
  | { kind: "listen-add"; target: number; label: string }
  | { kind: "listen-remove"; target: number };

/** `projects/p/databases/(default)/documents/requests/abc` → `requests/abc`. */
export function documentPath(name: string): string {
  const marker = "/documents/";
  const at = name.indexOf(marker);
  return at < 0 ? name : name.slice(at + marker.length);
}

type StructuredQuery = { from?: Array<{ collectionId?: string; allDescendants?: boolean }> };

/** A short name for a query: its parent path and collection (`users/u1/offers`, `requests`). */
function queryLabel(parent: string | undefined, query: StructuredQuery | undefined): string {
  const from = query?.from?.[0];
  const base = parent ? documentPath(parent) : "";
  const collection = `${from?.allDescendants ? "**/" : ""}${from?.collectionId ?? "?"}`;
  return base && !base.startsWith("projects/") ? `${base}/${collection}` : collection;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The reads in one Firestore Lite REST answer, from its URL and its complete body. */
export function restReads(url: string, requestBody: string, responseBody: string): ReadEvent[] {
  const answer = parseJson(responseBody);
  if (!Array.isArray(answer)) return [];
  const request = parseJson(requestBody) as
    | {
        structuredQuery?: StructuredQuery;
        structuredAggregationQuery?: { structuredQuery?: StructuredQuery };
      }
    | undefined;
  const parent = /\/documents(\/[^:]*)?:/.exec(new URL(url, "http://x").pathname)?.[1]?.slice(1);
  if (url.includes(":runAggregationQuery")) {
    const label = `count ${queryLabel(parent, request?.structuredAggregationQuery?.structuredQuery)}`;
    return answer.some((item) => item?.result) ? [{ kind: "aggregation", label }] : [];
  }
  if (url.includes(":runQuery")) {
    const documents: ReadEvent[] = answer
      .filter((item) => typeof item?.document?.name === "string")
      .map((item) => ({ kind: "document", path: documentPath(item.document.name), via: "rest" }));
    if (documents.length > 0) return documents;
    return [{ kind: "empty", via: "rest", label: queryLabel(parent, request?.structuredQuery) }];
  }
  if (url.includes(":batchGet")) {
    return answer.flatMap((item): ReadEvent[] => {
      if (typeof item?.found?.name === "string")
        return [{ kind: "document", path: documentPath(item.found.name), via: "rest" }];
      if (typeof item?.missing === "string")
        return [{ kind: "empty", via: "rest", label: `missing ${documentPath(item.missing)}` }];
      return [];
    });
  }
  return [];
}

/**
 * The complete frames at the start of a WebChannel response body, and how many characters they took
 * (the rest is a frame still arriving). A frame is `LENGTH\nJSON`, LENGTH counting the JSON's characters.
 */
export function channelFrames(text: string): { frames: unknown[]; consumed: number } {
  const frames: unknown[] = [];
  let at = 0;
  while (at < text.length) {
    const newline = text.indexOf("\n", at);
    if (newline < 0) break;
    const length = Number(text.slice(at, newline));
    if (!Number.isInteger(length) || newline + 1 + length > text.length) break;
    const frame = parseJson(text.slice(newline + 1, newline + 1 + length));
    if (frame !== undefined) frames.push(frame);
    at = newline + 1 + length;
  }
  return { frames, consumed: at };
}

type ListenRequest = {
  addTarget?: {
    targetId?: number;
    query?: { parent?: string; structuredQuery?: StructuredQuery };
    documents?: { documents?: string[] };
  };
  removeTarget?: number;
};

/** The targets a `Listen/channel` POST adds and removes (its `reqN___data__` form fields). */
export function listenRequestEvents(formBody: string): ReadEvent[] {
  const events: ReadEvent[] = [];
  const form = new URLSearchParams(formBody);
  const keys = [...form.keys()].filter((key) => /^req\d+___data__$/.test(key));
  keys.sort((a, b) => Number(a.slice(3, a.indexOf("_"))) - Number(b.slice(3, b.indexOf("_"))));
  for (const key of keys) {
    const request = parseJson(form.get(key) ?? "") as ListenRequest | undefined;
    const add = request?.addTarget;
    if (add && typeof add.targetId === "number") {
      const documents = add.documents?.documents ?? [];
      const label =
        documents.length > 0
          ? documents.map(documentPath).join(", ")
          : queryLabel(add.query?.parent, add.query?.structuredQuery);
      events.push({ kind: "listen-add", target: add.targetId, label });
    }
    if (typeof request?.removeTarget === "number")
      events.push({ kind: "listen-remove", target: request.removeTarget });
  }
  return events;
}

type ListenPayload = {
  documentChange?: { document?: { name?: string }; targetIds?: number[] };
  targetChange?: { targetChangeType?: string; targetIds?: number[] };
};

/**
 * The reads in a Listen stream's frames: each document a target delivers (once per target it matches),
 * and each target that turned CURRENT with none (`emptyTargets` is the stream's state: targets that
 * delivered nothing yet, filled from `listen-add`s by the caller).
 */
export function listenResponseEvents(
  frames: readonly unknown[],
  targetsWithoutDocuments: Map<number, string>,
): ReadEvent[] {
  const events: ReadEvent[] = [];
  for (const frame of frames) {
    if (!Array.isArray(frame)) continue;
    for (const entry of frame) {
      const payloads = Array.isArray(entry) && Array.isArray(entry[1]) ? (entry[1] as unknown[]) : [];
      for (const payload of payloads as ListenPayload[]) {
        const change = payload?.documentChange;
        if (change?.document?.name) {
          for (const target of change.targetIds ?? []) {
            targetsWithoutDocuments.delete(target);
            events.push({
              kind: "document",
              path: documentPath(change.document.name),
              via: "listen",
              target,
            });
          }
        }
        const targetChange = payload?.targetChange;
        if (targetChange?.targetChangeType === "CURRENT") {
          for (const target of targetChange.targetIds ?? []) {
            const label = targetsWithoutDocuments.get(target);
            if (label === undefined) continue;
            targetsWithoutDocuments.delete(target);
            events.push({ kind: "empty", via: "listen", label });
          }
        }
      }
    }
  }
  return events;
}
