import { useEffect, useRef, useState } from "react";
import { Link, useLocation, useNavigate, useParams, useSearchParams } from "react-router";
import { TokenWallet } from "@/components/tokens/token-wallet";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { useToast } from "@/components/ui/toast";
import { paths } from "@/config/paths";
import { FAILURE_REASONS, failureReason, Refusal } from "@/domain/boundary/errors";
import { ERROR_MESSAGES, SUCCESS_TOASTS } from "@/domain/core/common-messages";
import { PRODUCT_NAME } from "@/domain/core/product";
import { MERCHANT_MESSAGES } from "@/domain/marketplace/marketplace-messages";
import type { OfferFormData } from "@/domain/marketplace/offer-form";
import type { Request } from "@/domain/marketplace/request";
import { isActiveRequest, isPendingOffer, mayOfferAgain } from "@/domain/marketplace/state-machine";
import { useMerchantLocation } from "@/lib/merchant-location";
import { clearOfferDraft, type OfferDraft, readOfferDraft, saveOfferDraft } from "@/lib/offer-draft";
import { useSession } from "@/lib/session/session-provider";
import { useDictateOffer } from "./api/dictate-offer";
import { useDraftDescription, useOwnOffer, useRequestForOffer, useSendOffer } from "./api/make-offer";
import { DictateOffer } from "./components/dictate-offer";
import { OfferClosedNotice } from "./components/offer-closed-notice";
import { OfferForm, type OfferFormInitial } from "./components/offer-form";
import { PricePosition } from "./components/price-position";
import { RequestSummary } from "./components/request-summary";
import { initialValues } from "./lib/initial-values";
import { offerOriginOf } from "./lib/offer-origin";

/** The server refused because the shop's plan has lapsed (billing/plan-gate.ts), told by its code. */
function isPlanRequired(failure: unknown): boolean {
  return failureReason(failure) === FAILURE_REASONS.planRequired;
}

/** `/make-offer/:requestId`: the request beside the offer form; a second visit edits the pending offer. */
export function MakeOfferPage() {
  const { requestId = "" } = useParams();
  const { userData } = useSession();
  const uid = userData?.uid ?? "";
  const shop = useMerchantLocation();
  const navigate = useNavigate();
  const { toast, toastError } = useToast();
  const requestQuery = useRequestForOffer(requestId);
  const offerQuery = useOwnOffer(requestId, uid);
  const sendOffer = useSendOffer();
  const draftDescription = useDraftDescription();
  const dictate = useDictateOffer();
  // The feed's 'Rispondi a voce' (paths.makeOffer.voiceHref): the dictation starts at once.
  const [search] = useSearchParams();
  const byVoice = search.has(paths.makeOffer.voiceParam);
  // The feed's 'Ce l'hai a …' hands over the catalogue's draft as the navigation's state.
  const state = useLocation().state as OfferDraft | null;
  const handed = state?.origin === "catalogo" ? state : undefined;
  // The purchase dialog, opened from the badge or when Leonardo is out of tokens.
  const [buyOpen, setBuyOpen] = useState(false);
  const notFound = requestQuery.isSuccess && requestQuery.data === null;
  const redirected = useRef(false);

  // Spec §2: a missing request says 'Richiesta non trovata' and goes back to /browse.
  useEffect(() => {
    if (!notFound || redirected.current) return;
    redirected.current = true;
    toastError(ERROR_MESSAGES.requestNotFound);
    navigate(paths.browse.getHref(), { replace: true });
  }, [notFound, navigate, toastError]);

  const title = <title>{`Nuova offerta · ${PRODUCT_NAME}`}</title>;
  if (requestQuery.isPending || offerQuery.isPending || notFound) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center text-brand-700">
        {title}
        <Spinner size="lg" label="Caricamento della richiesta…" />
      </div>
    );
  }
  // A failed background refetch keeps what was read: only a first read that failed replaces the page
  // (and whatever the shop had open on it, the enlarged photo, the form) with the error.
  if (
    (requestQuery.isError && requestQuery.data === undefined) ||
    (offerQuery.isError && offerQuery.data === undefined)
  ) {
    return (
      <div role="alert" className="mx-auto max-w-xl px-4 py-16 text-center">
        {title}
        <p className="font-medium text-red-800">{ERROR_MESSAGES.loadRequest}</p>
        <div className="mt-4 flex justify-center gap-3">
          <Button
            variant="secondary"
            onClick={() => void Promise.all([requestQuery.refetch(), offerQuery.refetch()])}
          >
            Riprova
          </Button>
          <Link
            to={paths.browse.getHref()}
            className="focus-ring self-center rounded font-medium text-brand-800 underline"
          >
            Torna alle richieste
          </Link>
        </div>
      </div>
    );
  }

  const request = requestQuery.data as Request;
  const offer = offerQuery.data;
  // An offer that expired with the request can be made again once the buyer renewed it.
  const again = offer !== null && offer !== undefined && mayOfferAgain(offer.status, request.status);
  const editable = offer ? isPendingOffer(offer.status) || again : isActiveRequest(request.status);

  /** Without a plan the offer is kept and the shop is sent to /abbonamento, which links back here. */
  const toPlans = (draft: OfferFormInitial) => {
    saveOfferDraft(request.id, { ...draft, deliveryOptions: [...draft.deliveryOptions] });
    navigate(paths.subscription.getHref(request.id));
  };

  const submit = async (form: OfferFormData, { aiGenerated }: { aiGenerated: boolean }) => {
    if (!userData) return;
    let conversationId: string;
    try {
      ({ conversationId } = await sendOffer.mutateAsync({
        requestId: request.id,
        merchantId: userData.uid,
        form,
        aiGenerated,
        // The catalogue's draft, a notification's link (?origin=notifica), else the feed.
        origin: offerOriginOf(handed?.origin ?? readOfferDraft(request.id)?.origin, search.get("origin")),
      }));
    } catch (failure) {
      if (isPlanRequired(failure)) {
        toPlans({
          price: form.price.toLocaleString("it-IT", { maximumFractionDigits: 2, useGrouping: false }),
          description: form.description,
          deliveryOptions: form.deliveryOptions,
          estimatedDeliveryTime: form.estimatedDeliveryTime ?? "",
          additionalNotes: form.additionalNotes ?? "",
          aiGenerated,
          ...(form.holdChoice ? { holdChoice: form.holdChoice } : {}),
        });
        return;
      }
      throw failure;
    }
    clearOfferDraft(request.id);
    toast(SUCCESS_TOASTS.offerSent);
    navigate(paths.conversation.getHref(conversationId));
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      {title}
      <Link
        to={paths.browse.getHref()}
        className="focus-ring rounded text-sm font-medium text-brand-800 hover:underline"
      >
        ← Torna alle richieste
      </Link>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">
          {again ? MERCHANT_MESSAGES.offerAgainTitle : offer ? "Modifica la tua offerta" : "Fai un'offerta"}
        </h1>
        <TokenWallet open={buyOpen} onOpenChange={setBuyOpen} />
      </div>
      <div className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <RequestSummary request={request} shop={shop} />
        {editable ? (
          <Card>
            <CardHeader>
              <CardTitle as="h2">La tua offerta</CardTitle>
            </CardHeader>
            <CardContent>
              {again ? (
                <p className="mb-4 text-sm text-slate-700">{MERCHANT_MESSAGES.offerAgainIntro}</p>
              ) : null}
              <OfferForm
                budget={request.budget}
                initial={initialValues(request, offer, handed)}
                submitLabel={offer && !again ? "Aggiorna l'offerta" : "Invia l'offerta"}
                onSubmit={submit}
                priceHint={(price) => <PricePosition request={request} price={price} />}
                onDraftDescription={async (input) => {
                  const drafted = await draftDescription.mutateAsync({ requestId: request.id, ...input });
                  if (drafted !== null) return drafted;
                  setBuyOpen(true);
                  throw new Refusal(ERROR_MESSAGES.insufficientTokens);
                }}
                dictation={(fill) => (
                  <DictateOffer
                    autoStart={byVoice}
                    onFill={fill}
                    onUnderstand={async (transcript) => {
                      const result = await dictate.mutateAsync({ requestId: request.id, transcript });
                      if (result === null) setBuyOpen(true);
                      return result;
                    }}
                  />
                )}
              />
            </CardContent>
          </Card>
        ) : (
          <OfferClosedNotice offer={offer} />
        )}
      </div>
    </div>
  );
}
