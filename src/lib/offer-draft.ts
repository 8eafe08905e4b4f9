/**
 * The offer a shop was writing when the server said its plan has lapsed: kept in sessionStorage while
 * it chooses a plan on /abbonamento, and given back to the make-offer form when it returns (then
 * forgotten once sent). Nothing leaves the browser tab.
 */
export type OfferDraft = {
  price: string;
  description: string;
  deliveryOptions: string[];
  estimatedDeliveryTime: string;
  additionalNotes: string;
  aiGenerated: boolean;
  holdChoice?: string;
  /** 'catalogo' when the shop's catalogue filled it (the feed's 'Ce l'hai a …'). */
  origin?: string;
};

const key = (requestId: string) => `vicino.offerDraft.${requestId}`;

function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === "undefined" ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

export function saveOfferDraft(requestId: string, draft: OfferDraft): void {
  storage()?.setItem(key(requestId), JSON.stringify(draft));
}

export function readOfferDraft(requestId: string): OfferDraft | null {
  const raw = storage()?.getItem(key(requestId));
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<OfferDraft>;
    if (typeof value.description !== "string" || typeof value.price !== "string") return null;
    return {
      price: value.price,
      description: value.description,
      deliveryOptions: Array.isArray(value.deliveryOptions) ? value.deliveryOptions.map(String) : [],
      estimatedDeliveryTime: String(value.estimatedDeliveryTime ?? ""),
      additionalNotes: String(value.additionalNotes ?? ""),
      aiGenerated: value.aiGenerated === true,
      ...(value.origin ? { origin: String(value.origin) } : {}),
    };
  } catch {
    return null;
  }
}

export function clearOfferDraft(requestId: string): void {
  storage()?.removeItem(key(requestId));
}
