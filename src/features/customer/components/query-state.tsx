import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

/** Loading and error states shared by the buyer's screens. */
export function LoadingState() {
  return (
    <div className="flex justify-center py-10">
      <Spinner label="Caricamento delle richieste…" />
    </div>
  );
}

export function ErrorState({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="space-y-3 rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
      <p>{message}</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Riprova
      </Button>
    </div>
  );
}
