// The progress strip's field names, in ALGO_PROGRESS_FIELDS order, apart from src/domain/algo/algo.ts (which
// brings zod) so that the page's shell (create-shell.tsx) can show the same strip before the page loads.
export const FIELD_LABELS = {
  productName: "Prodotto",
  category: "Categoria",
  budget: "Budget",
  urgency: "Urgenza",
  deliveryPreference: "Consegna o ritiro",
  location: "Posizione",
  condition: "Condizione",
} as const;

export const PROGRESS_TITLE = "La tua richiesta";
export const PROGRESS_BAR_LABEL = "Completamento della richiesta";
