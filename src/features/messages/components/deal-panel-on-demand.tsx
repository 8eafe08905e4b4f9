import { type ComponentProps, lazy, Suspense } from "react";
import { Spinner } from "@/components/ui/spinner";
import { CHAT_MESSAGES } from "@/domain/marketplace/marketplace-messages";
import { DealSection } from "./chat-frame";
import type { DealPanel as DealPanelType } from "./deal-panel";

const LazyDealPanel = lazy(() => import("./deal-panel").then((module) => ({ default: module.DealPanel })));

/**
 * The chat's deal panel (the offer, its photos, accepting, the pickup, the rating) in a chunk of its own,
 * loaded as the chat shows its deal: the conversation's code stays within its budget (architecture §8;
 * scripts/size.mjs lists it among the modules loaded on demand). Meanwhile its frame says the offer is
 * loading, as the panel itself does while the deal's reads are out; a chunk that fails reaches the
 * page's error boundary (its Italian page and 'Ricarica la pagina'), as every lazy part of the app does.
 */
export function DealPanelOnDemand(props: ComponentProps<typeof DealPanelType>) {
  return (
    <Suspense
      fallback={
        <DealSection
          conversationId={props.conversation.id}
          forBuyer={props.conversation.participants.customerId === props.uid}
        >
          <Spinner size="sm" label={CHAT_MESSAGES.offerLoading} />
        </DealSection>
      }
    >
      <LazyDealPanel {...props} />
    </Suspense>
  );
}
