import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { TokenWallet } from "@/components/tokens/token-wallet";
import { useToast } from "@/components/ui/toast";
import { paths } from "@/config/paths";
import type { LatLng } from "@/domain/geo";
import { DEFAULT_ACTION_RADIUS_KM, REDIRECT_AFTER_REQUEST_CREATED_MS } from "@/domain/limits";
import { BUYER_MESSAGES, SUCCESS_TOASTS } from "@/domain/messages";
import { PRODUCT_NAME } from "@/domain/product";
import type { LocationInput } from "@/domain/request";
import { useSession } from "@/lib/session/session-provider";
import { useAlgoChat } from "./api/use-algo-chat";
import { ChatComposer } from "./components/chat-composer";
import { ChatPanel } from "./components/chat-panel";
import { LocationCard } from "./components/location-card";
import { ProgressCard } from "./components/progress-card";
import type { PreparedImage } from "./lib/resize-image";

/** /create (spec §2): the buyer tells Algo what they need; Algo publishes the request when complete. */
export function CreatePage() {
  const navigate = useNavigate();
  const { toast } = useToast();
  const { userData } = useSession();
  const saved = userData?.location;
  const [coords, setCoords] = useState<LatLng | null>(() =>
    saved && Number.isFinite(saved.lat) && Number.isFinite(saved.lng)
      ? { lat: saved.lat, lng: saved.lng }
      : null,
  );
  const [address, setAddress] = useState(() => saved?.address ?? "");
  const [radius, setRadius] = useState<number>(DEFAULT_ACTION_RADIUS_KM);
  const [buyOpen, setBuyOpen] = useState(false);
  const redirect = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(redirect.current), []);

  const onOutOfTokens = useCallback(() => setBuyOpen(true), []);
  const onPublished = useCallback(() => {
    toast(SUCCESS_TOASTS.requestCreated);
    redirect.current = window.setTimeout(
      () => navigate(paths.customerDashboard.getHref()),
      REDIRECT_AFTER_REQUEST_CREATED_MS,
    );
  }, [navigate, toast]);
  const chat = useAlgoChat({ onOutOfTokens, onPublished });

  const location = useMemo<LocationInput | undefined>(
    () => (coords ? { ...coords, address: address.trim() || BUYER_MESSAGES.locationFromPhone } : undefined),
    [coords, address],
  );

  const send = (text: string, image: PreparedImage | null) =>
    chat.send({
      text,
      ...(image ? { image } : {}),
      ...(location ? { location } : {}),
      actionRadius: radius,
    });

  return (
    <section aria-labelledby="create-title" className="mx-auto max-w-5xl px-4 py-6">
      <title>{`Chiedi ad Algo · ${PRODUCT_NAME}`}</title>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="create-title" className="text-2xl font-bold text-slate-900">
          Chiedi ad Algo
        </h1>
        <TokenWallet open={buyOpen} onOpenChange={setBuyOpen} />
      </div>
      <p className="mt-1 text-slate-700">
        Scrivi, detta o fotografa quello che ti serve: Algo prepara la richiesta.
      </p>
      <div className="mt-4 grid gap-4 lg:grid-cols-[1fr_20rem]">
        <div className="space-y-3">
          <ChatPanel messages={chat.messages} typing={chat.loading} />
          <ChatComposer loading={chat.loading} disabled={chat.completed} onSend={send} />
        </div>
        <div className="space-y-4">
          <ProgressCard data={chat.extractedData} />
          <LocationCard
            address={address}
            onAddressChange={setAddress}
            coords={coords}
            onCoordsChange={setCoords}
            radius={radius}
            onRadiusChange={setRadius}
          />
        </div>
      </div>
    </section>
  );
}
