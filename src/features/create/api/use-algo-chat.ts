import { useCallback, useEffect, useRef, useState } from "react";
import { useToast } from "@/components/ui/toast";
import { publishAlgoRequest, sendAlgoMessage } from "@/data/algo";
import type { AlgoChatOutput, AlgoExtractedData } from "@/domain/algo/algo";
import { type AlgoDraft, type AlgoDraftPhoto, draftFields, editsAfterReply } from "@/domain/algo/algo-draft";
import { errorMessage } from "@/domain/boundary/errors";
import { ERROR_MESSAGES } from "@/domain/core/common-messages";
import { BUYER_MESSAGES } from "@/domain/marketplace/marketplace-messages";
import { type LocationInput, locationInputSchema } from "@/domain/marketplace/request";
import { MAX_REQUEST_PHOTOS } from "@/domain/marketplace/request-photo";
import { useRememberTokenBalance } from "@/lib/token-balance";
import { algoFailureMessage } from "../lib/algo-failure";
import { clearDraft, loadDraft, loadDraftPhotos, saveDraft, saveDraftPhotos } from "../lib/draft-storage";

export type ChatRole = "user" | "assistant";
export type ChatMessage = { id: string; role: ChatRole; text: string; imageUrl?: string };

export type AlgoTurn = {
  text: string;
  /** Base64 JPEG without the data: prefix (already within 1280 px and 300 kB), its size and preview. */
  image?: { base64: string; previewUrl: string; width: number; height: number };
  /** The place the buyer just gave ('Usa la mia posizione', a comune picked in the chat). */
  location?: LocationInput;
};

type Callbacks = {
  /** The signed-in buyer, whose draft is kept in this browser. */
  uid: string | undefined;
  onOutOfTokens: () => void;
  onPublished: (requestId: string) => void;
};

type ChatState = Omit<AlgoDraft, "uid" | "savedAt" | "messages"> & {
  messages: ChatMessage[];
  /** The page started from a saved draft. */
  restored: boolean;
};

let nextMessageId = 0;
const messageId = () => `m${Date.now().toString(36)}${++nextMessageId}`;

function freshState(): ChatState {
  return {
    messages: [{ id: messageId(), role: "assistant", text: BUYER_MESSAGES.algoWelcome }],
    extractedData: {},
    edits: {},
    readyToPublish: false,
    asksPlace: false,
    restored: false,
  };
}

type Restored = { state: ChatState; photos: AlgoDraftPhoto[] };

/** The saved draft with its photos back on the bubbles they came with, or a fresh conversation. */
function initialState(uid: string | undefined): Restored {
  const draft = uid ? loadDraft(uid) : null;
  if (!uid || !draft) return { state: freshState(), photos: [] };
  const { uid: _uid, savedAt: _savedAt, messages, ...rest } = draft;
  // Only the photos of this draft's bubbles (a photo of an older, abandoned draft is not sent).
  const ids = new Set(messages.map((message) => message.id));
  const photos = loadDraftPhotos(uid).filter((photo) => ids.has(photo.messageId));
  const photoOf = new Map(photos.map((photo) => [photo.messageId, photo]));
  const withPhotos = messages.map((message) => {
    const photo = photoOf.get(message.id);
    return photo ? { ...message, imageUrl: `data:image/jpeg;base64,${photo.data}` } : message;
  });
  return { state: { ...rest, messages: withPhotos, restored: true }, photos };
}

/** The place on the card, when it is a whole one (an address and coordinates). */
export function draftLocation(fields: AlgoExtractedData): LocationInput | undefined {
  const parsed = locationInputSchema.safeParse(fields.location);
  return parsed.success ? parsed.data : undefined;
}

/**
 * The conversation with Algo and the draft it builds: messages, what Algo gathered, the buyer's edits
 * from the summary card, whether it is ready to publish. Everything is saved in this browser after
 * each change (a reload or a lost connection loses nothing). Each turn calls algoChat directly (a
 * failure has its own toast, 'Errore nella comunicazione con Algo', and gives the text back to the
 * composer); `publish` calls publishAlgoRequest, the only way the request goes out.
 */
export function useAlgoChat({ uid, onOutOfTokens, onPublished }: Callbacks) {
  const { toastError } = useToast();
  const rememberBalance = useRememberTokenBalance();
  const [restored] = useState(() => initialState(uid));
  const [state, setState] = useState<ChatState>(restored.state);
  const [loading, setLoading] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const [completed, setCompleted] = useState(false);
  // The photos Algo received, kept with the request on 'Pubblica' (the last MAX_REQUEST_PHOTOS), and
  // saved with the draft so that a reload still publishes them.
  const photos = useRef<AlgoDraftPhoto[]>(restored.photos);
  const current = useRef(state);
  current.current = state;

  useEffect(() => {
    if (!uid || completed || state.messages.length < 2) return;
    const { restored: _restored, messages, ...rest } = state;
    saveDraft({
      ...rest,
      uid,
      messages: messages.map(({ id, role, text }) => ({ id, role, text })),
      savedAt: Date.now(),
    });
  }, [state, uid, completed]);

  const send = useCallback(
    async (turn: AlgoTurn): Promise<boolean> => {
      const pending: ChatMessage = {
        id: messageId(),
        role: "user",
        text: turn.text.trim(),
        ...(turn.image ? { imageUrl: turn.image.previewUrl } : {}),
      };
      setState((s) => ({ ...s, messages: [...s.messages, pending] }));
      setLoading(true);
      const before = current.current;
      let output: AlgoChatOutput;
      try {
        output = await sendAlgoMessage({
          ...(before.conversationId ? { conversationId: before.conversationId } : {}),
          message: turn.text.trim(),
          ...(turn.image ? { imageBase64: turn.image.base64 } : {}),
          ...(turn.location ? { location: turn.location } : {}),
          ...(before.actionRadius ? { actionRadius: before.actionRadius } : {}),
        });
      } catch (error) {
        console.error("algoChat failed", error);
        setState((s) => ({ ...s, messages: s.messages.filter((message) => message.id !== pending.id) }));
        toastError(algoFailureMessage(error));
        return false;
      } finally {
        setLoading(false);
      }
      rememberBalance(output.tokenBalance);
      if (turn.image) {
        const { base64, width, height } = turn.image;
        photos.current = [...photos.current, { messageId: pending.id, data: base64, width, height }].slice(
          -MAX_REQUEST_PHOTOS,
        );
        if (uid) saveDraftPhotos(uid, photos.current);
      }
      setState((s) => {
        // A place given in the chat replaces one edited on the card.
        const { location: _edited, ...placeless } = s.edits;
        return {
          ...s,
          conversationId: output.conversationId,
          extractedData: output.extractedData,
          edits: editsAfterReply(turn.location ? placeless : s.edits, s.extractedData, output.extractedData),
          readyToPublish: output.readyToPublish,
          asksPlace: output.asksPlace ?? false,
          messages: [...s.messages, { id: messageId(), role: "assistant", text: output.message }],
        };
      });
      if (output.outOfTokens) onOutOfTokens();
      return true;
    },
    [onOutOfTokens, toastError, rememberBalance, uid],
  );

  /** The card's 'Salva': the draft changes, no AI call. */
  const edit = useCallback((fields: AlgoExtractedData, actionRadius?: number) => {
    setState((s) => ({
      ...s,
      edits: { ...s.edits, ...fields },
      ...(actionRadius ? { actionRadius } : {}),
    }));
  }, []);

  const publish = useCallback(async (): Promise<boolean> => {
    const s = current.current;
    if (!s.conversationId) return false;
    const { location: _location, ...fields } = draftFields(s);
    const location = draftLocation(draftFields(s));
    setPublishing(true);
    try {
      const { requestId } = await publishAlgoRequest({
        conversationId: s.conversationId,
        fields,
        ...(location ? { location } : {}),
        ...(s.actionRadius ? { actionRadius: s.actionRadius } : {}),
        ...(photos.current.length > 0
          ? { photos: photos.current.map(({ data, width, height }) => ({ data, width, height })) }
          : {}),
      });
      setCompleted(true);
      if (uid) clearDraft(uid);
      onPublished(requestId);
      return true;
    } catch (error) {
      console.error("publishAlgoRequest failed", error);
      toastError(errorMessage(error, ERROR_MESSAGES.publishRequest));
      return false;
    } finally {
      setPublishing(false);
    }
  }, [onPublished, toastError, uid]);

  /** 'Ricomincia': the saved draft is dropped and a new conversation starts. */
  const reset = useCallback(() => {
    if (uid) clearDraft(uid);
    photos.current = [];
    setState(freshState());
  }, [uid]);

  return {
    ...state,
    draft: draftFields(state),
    loading,
    publishing,
    completed,
    send,
    edit,
    publish,
    reset,
  };
}
