import { speechRecognitionConstructor, transcriptOf } from "@/lib/speech";

/**
 * One spoken offer through the browser's speech recognition, in Italian. Loaded when 'Detta l'offerta'
 * is first used, so the make-offer page does not carry it. Resolves with what was heard ("" for
 * silence), or `unsupported` where the browser has no recognition; rejects on a recognition error.
 */
export type Listening = { heard: Promise<string>; stop: () => void };

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
      else reject(new Error(String(code ?? "speech recognition failed")));
    };
    session.onend = () => resolve(text);
  });
  session.start();
  return { heard, stop: () => (session.stop ? session.stop() : session.abort()) };
}
