import {
  type AlgoDraft,
  type AlgoDraftPhoto,
  algoDraftPhotosSchema,
  algoDraftSchema,
  DRAFT_MAX_AGE_MS,
} from "@/domain/algo/algo-draft";

/**
 * The /create draft in localStorage, one per buyer: written after every change, read back on the
 * next visit (a reload, a lost connection, the phone killing the tab), removed once published.
 * Storage may be full or blocked (private browsing): then the page simply works without it.
 */
const keyFor = (uid: string) => `vicino.algo-draft.${uid}`;
/** The draft's photos live under their own key, written only when they change (they are heavy). */
const photosKeyFor = (uid: string) => `vicino.algo-draft-photos.${uid}`;

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

/** The photos of the draft `loadDraft` returned (none without a draft, or if they do not parse). */
export function loadDraftPhotos(uid: string): AlgoDraftPhoto[] {
  try {
    const raw = window.localStorage.getItem(photosKeyFor(uid));
    if (!raw) return [];
    const parsed = algoDraftPhotosSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/**
 * Keeps the photos with the draft. Full storage keeps them for this visit only: the page still
 * publishes them unless it is reloaded.
 */
export function saveDraftPhotos(uid: string, photos: readonly AlgoDraftPhoto[]): void {
  try {
    if (photos.length === 0) window.localStorage.removeItem(photosKeyFor(uid));
    else window.localStorage.setItem(photosKeyFor(uid), JSON.stringify(photos));
  } catch (error) {
    console.warn("Draft photos not saved", error);
  }
}

export function clearDraft(uid: string): void {
  try {
    window.localStorage.removeItem(keyFor(uid));
    window.localStorage.removeItem(photosKeyFor(uid));
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}
