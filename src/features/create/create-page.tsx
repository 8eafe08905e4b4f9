import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { TokenWallet } from "@/components/tokens/token-wallet";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { paths } from "@/config/paths";
import { REVIEW_LABELS } from "@/domain/algo/algo-draft";
import { SUCCESS_TOASTS } from "@/domain/core/common-messages";
import { REDIRECT_AFTER_REQUEST_CREATED_MS } from "@/domain/core/limits";
import { PRODUCT_NAME } from "@/domain/core/product";
import { REQUEST_FORM_LABELS } from "@/domain/marketplace/request-form";
import { useSession } from "@/lib/session/session-provider";
import { useAlgoChat } from "./api/use-algo-chat";
import { ChatComposer } from "./components/chat-composer";
import { ChatPanel } from "./components/chat-panel";
import { CREATE_SECTION_CLASSES } from "./components/create-shell";
import { PlacePrompt } from "./components/place-prompt";
import { ProgressCard } from "./components/progress-card";
import { RequestForm } from "./components/request-form";
import { ReviewCard } from "./components/review-card";
import type { PreparedImage } from "./lib/resize-image";

/**
 * /create (spec §2), built for a phone: the buyer tells Algo what they need; Algo reads the place from
 * the chat or asks for it ('Usa la mia posizione' right in the conversation); when it has enough the
 * summary card appears, and only its 'Pubblica' publishes. At 360×740 the progress strip, the
 * conversation and the composer fill the screen below the header, the conversation scrolling inside.
 */
export function CreatePage() {
  const navigate = useNavigate();
  const { toast } = useToast();
  const { user } = useSession();
  const [buyOpen, setBuyOpen] = useState(false);
  // 'Compila tu': the plain form instead of the conversation (free, no token).
  const [formMode, setFormMode] = useState(false);
  const redirect = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(redirect.current), []);

  const onOutOfTokens = useCallback(() => setBuyOpen(true), []);
  // Algo's request is 'creata' (Algo wrote it); the buyer's own form is 'pubblicata' (spec §9's two toasts).
  const afterPublishing = useCallback(
    (said: (typeof SUCCESS_TOASTS)["requestCreated" | "requestPublished"]) => {
      toast(said);
      redirect.current = window.setTimeout(
        () => navigate(paths.customerDashboard.getHref()),
        REDIRECT_AFTER_REQUEST_CREATED_MS,
      );
    },
    [navigate, toast],
  );
  const onPublished = useCallback(() => afterPublishing(SUCCESS_TOASTS.requestCreated), [afterPublishing]);
  const onFormPublished = useCallback(
    () => afterPublishing(SUCCESS_TOASTS.requestPublished),
    [afterPublishing],
  );
  const chat = useAlgoChat({ uid: user?.uid, onOutOfTokens, onPublished });

  const send = (text: string, image: PreparedImage | null) =>
    chat.send({ text, ...(image ? { image } : {}) });
  const photoUrl = chat.messages.findLast((message) => message.imageUrl)?.imageUrl;
  const busy = chat.loading || chat.publishing || chat.completed;

  return (
    <section aria-labelledby="create-title" className={CREATE_SECTION_CLASSES}>
      <title>{`Chiedi ad Algo · ${PRODUCT_NAME}`}</title>
      <div className="flex items-center justify-between gap-3">
        <h1 id="create-title" className="text-xl font-bold text-slate-900 sm:text-2xl">
          Chiedi ad Algo
        </h1>
        <TokenWallet open={buyOpen} onOpenChange={setBuyOpen} />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-700">
          {formMode ? null : (
            <>
              <span className="sr-only sm:not-sr-only">
                Scrivi, detta o fotografa quello che ti serve: Algo prepara la richiesta.{" "}
              </span>
              {REQUEST_FORM_LABELS.openHint}
            </>
          )}
        </p>
        <Button size="sm" variant="secondary" onClick={() => setFormMode(!formMode)} disabled={busy}>
          {formMode ? REQUEST_FORM_LABELS.backToAlgo : REQUEST_FORM_LABELS.open}
        </Button>
      </div>
      {formMode ? (
        // The page is one screen high (the conversation scrolls inside): so does the form.
        <div className="min-h-0 flex-1 overflow-y-auto pb-4">
          <RequestForm onPublished={onFormPublished} />
        </div>
      ) : null}
      {formMode ? null : (
        <>
          {chat.restored ? (
            <p className="flex items-center justify-between gap-2 text-xs text-slate-700" role="status">
              {REVIEW_LABELS.restored}
              <Button size="sm" variant="ghost" onClick={chat.reset} disabled={busy}>
                {REVIEW_LABELS.startOver}
              </Button>
            </p>
          ) : null}
          <ProgressCard data={chat.draft} />
          <ChatPanel
            messages={chat.messages}
            typing={chat.loading}
            tailKey={`${chat.asksPlace}-${chat.readyToPublish}`}
          >
            {chat.asksPlace && !chat.readyToPublish ? (
              <PlacePrompt onPlace={(text, location) => chat.send({ text, location })} disabled={busy} />
            ) : null}
            {chat.readyToPublish ? (
              <ReviewCard
                fields={chat.draft}
                actionRadius={chat.actionRadius}
                photoUrl={photoUrl}
                publishing={chat.publishing}
                onPublish={() => void chat.publish()}
                onSave={chat.edit}
              />
            ) : null}
          </ChatPanel>
          <ChatComposer loading={chat.loading} disabled={chat.completed || chat.publishing} onSend={send} />
        </>
      )}
    </section>
  );
}
