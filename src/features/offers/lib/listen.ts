import { speechRecognitionConstructor, transcriptOf } from "@/lib/speech";

/**
 * One spoken offer through the browser's speech recognition, in Italian. Loaded when 'Detta l'offerta'
 * is first used, so the make-offer page does not carry it. Resolves with what was heard ("" for
 * silence), or `unsupported` where the browser has no recognition; rejects on a recognition error.
 */
export type Listening = { heard: Promise<string>; stop: () => void };

/** Why recognition failed, as the browser names it ("not-allowed", "network", "audio-capture"…). */
export class SpeechFailure extends Error {
  constructor(readonly code: string) {
    super(`Speech recognition failed: ${code}`);
  }
}

/** The microphone was refused (by the shop, a policy, or a page without a secure context). */
export function isMicrophoneRefused(failure: unknown): boolean {
  return (
    failure instanceof SpeechFailure &&
    ["not-allowed", "service-not-allowed", "audio-capture"].includes(failure.code)
  );
}

export function listenOnce(): Listening | "unsupported" {
  const Recognition = speechRecognitionConstructor();
  if (!Recognition) return "unsupported";
  const session = new Recognition();
  session.lang = "it-IT";
  session.continuous = false;
  session.interimResults = false;
  session.maxAlternatives = 1;
  const heard = new Promise<string>((resolve, reject) => {
    let text = "";
    session.onresult = (event) => {
      text = `${text} ${transcriptOf(event)}`.trim();
    };
    session.onerror = (event) => {
      const code = (event as { error?: string } | null)?.error;
      // Silence is not a failure: the shop is told nothing was heard.
      if (code === "no-speech" || code === "aborted") resolve("");
      else reject(new SpeechFailure(String(code ?? "unknown")));
    };
    session.onend = () => resolve(text);
  });
  session.start();
  return { heard, stop: () => (session.stop ? session.stop() : session.abort()) };
}
