import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { MicIcon } from "@/components/ui/icons";
import { formatTokens, TOKEN_COSTS } from "@/domain/billing/tokens";
import { ERROR_MESSAGES, VOICE_MESSAGES } from "@/domain/core/common-messages";
import type { DictatedOfferFields } from "@/domain/marketplace/offer-dictation";
import {
  DICTATION_MESSAGES,
  type DictatedField,
  filledAnnouncement,
} from "@/domain/marketplace/offer-dictation-messages";
import type { Listening } from "../lib/listen";

type Phase = "idle" | "listening" | "understanding";

type Props = {
  /** Sends what was heard to Leonardo; null when out of tokens (the page opens the purchase dialog). */
  onUnderstand: (
    transcript: string,
  ) => Promise<{ fields: DictatedOfferFields; priceMissing: boolean } | null>;
  /** Puts Leonardo's fields in the form; answers which fields it filled. */
  onFill: (fields: DictatedOfferFields) => DictatedField[];
  /** The feed's 'Rispondi a voce': the button has the focus and starts listening at once. */
  autoStart?: boolean;
  disabled?: boolean;
};

/**
 * 'Detta l'offerta': the shop speaks, Leonardo fills the form (nothing is sent). Where the browser has
 * no speech recognition it says so and the form stays. A polite live region tells a screen reader what
 * was filled, and that the price was not heard when it was not. The recognition code loads on first use.
 */
export function DictateOffer({ onUnderstand, onFill, autoStart = false, disabled = false }: Props) {
  const [phase, setPhase] = useState<Phase>("idle");
  const [heard, setHeard] = useState("");
  const [status, setStatus] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const listening = useRef<Listening | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const started = useRef(false);
  const hintId = useId();

  useEffect(() => () => listening.current?.stop(), []);

  const understand = async (transcript: string) => {
    setPhase("understanding");
    setStatus(DICTATION_MESSAGES.understanding);
    try {
      const result = await onUnderstand(transcript);
      if (!result) {
        setStatus("");
        setProblem(ERROR_MESSAGES.insufficientTokens);
        return;
      }
      const filled = onFill(result.fields);
      const announced = filledAnnouncement(filled, result.priceMissing);
      setStatus(filled.length > 0 ? announced : DICTATION_MESSAGES.nothingUnderstood);
    } catch (failure) {
      setStatus("");
      setProblem(failure instanceof Error ? failure.message : DICTATION_MESSAGES.failed);
    } finally {
      setPhase("idle");
    }
  };

  const start = async () => {
    if (phase === "listening") {
      listening.current?.stop();
      return;
    }
    setProblem(null);
    setStatus("");
    const { listenOnce, isMicrophoneRefused } = await import("../lib/listen");
    const session = listenOnce();
    if (session === "unsupported") {
      setProblem(DICTATION_MESSAGES.unsupported);
      return;
    }
    listening.current = session;
    setPhase("listening");
    setStatus(DICTATION_MESSAGES.listening);
    let transcript: string;
    try {
      transcript = await session.heard;
    } catch (failure) {
      setPhase("idle");
      setStatus("");
      if (isMicrophoneRefused(failure)) {
        setProblem(DICTATION_MESSAGES.microphoneBlocked);
        return;
      }
      console.error("Speech recognition failed", failure);
      setProblem(VOICE_MESSAGES.recognitionError);
      return;
    } finally {
      listening.current = null;
    }
    setHeard(transcript);
    if (!transcript) {
      setPhase("idle");
      setStatus(DICTATION_MESSAGES.nothingHeard);
      return;
    }
    await understand(transcript);
  };

  useEffect(() => {
    if (!autoStart || started.current) return;
    started.current = true;
    button.current?.focus();
    void start();
  });

  return (
    <div className="space-y-2 rounded-lg border border-brand-200 bg-brand-50 p-3">
      <div className="flex flex-wrap items-center gap-3">
        <Button
          ref={button}
          variant={phase === "listening" ? "primary" : "secondary"}
          loading={phase === "understanding"}
          disabled={disabled || phase === "understanding"}
          aria-pressed={phase === "listening"}
          aria-describedby={hintId}
          onClick={() => void start()}
        >
          <MicIcon className="size-4" aria-hidden="true" />
          {phase === "listening" ? DICTATION_MESSAGES.stop : DICTATION_MESSAGES.button}
        </Button>
        <span className="text-sm text-slate-600">
          Costa {formatTokens(TOKEN_COSTS.description_generation)} token.
        </span>
      </div>
      <p id={hintId} className="text-sm text-slate-700">
        {DICTATION_MESSAGES.hint}
      </p>
      {heard ? (
        <p className="text-sm text-slate-800">
          {DICTATION_MESSAGES.heard}: «{heard}»
        </p>
      ) : null}
      <p role="status" aria-live="polite" className="text-sm font-medium text-brand-900">
        {status}
      </p>
      {problem ? (
        <p role="alert" className="text-sm font-medium text-red-800">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
