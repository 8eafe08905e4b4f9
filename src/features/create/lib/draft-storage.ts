import { type AlgoDraft, algoDraftSchema, DRAFT_MAX_AGE_MS } from "@/domain/algo-draft";

/**
 * The /create draft in localStorage, one per buyer: written after every change, read back on the
 * next visit (a reload, a lost connection, the phone killing the tab), removed once published.
 * Storage may be full or blocked (private browsing): then the page simply works without it.
 */
const keyFor = (uid: string) => `vicino.algo-draft.${uid}`;

export function loadDraft(uid: string, now = Date.now()): AlgoDraft | null {
  try {
    const raw = window.localStorage.getItem(keyFor(uid));
    if (!raw) return null;
    const parsed = algoDraftSchema.safeParse(JSON.parse(raw));
    if (!parsed.success || parsed.data.uid !== uid || now - parsed.data.savedAt > DRAFT_MAX_AGE_MS)
      return null;
    return parsed.data;
  } catch {
    return null;
  }
}

export function saveDraft(draft: AlgoDraft): void {
  try {
    window.localStorage.setItem(keyFor(draft.uid), JSON.stringify(draft));
  } catch (error) {
    console.warn("Draft not saved", error);
  }
}

export function clearDraft(uid: string): void {
  try {
    window.localStorage.removeItem(keyFor(uid));
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}
