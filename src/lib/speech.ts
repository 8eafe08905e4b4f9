/**
 * The browser's speech recognition (Chrome and Safari prefix it). TypeScript's DOM library does not
 * declare it, so the few members we use are typed here.
 */
type RecognitionResultEvent = { results: ArrayLike<ArrayLike<{ transcript: string }>> };

export type SpeechRecognitionLike = {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  maxAlternatives: number;
  onresult: ((event: RecognitionResultEvent) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onend: (() => void) | null;
  start: () => void;
  /** Stops listening and gives what was heard (abort drops it). */
  stop?: () => void;
  abort: () => void;
};

type RecognitionConstructor = new () => SpeechRecognitionLike;

export function speechRecognitionConstructor(): RecognitionConstructor | null {
  const scope = window as unknown as {
    SpeechRecognition?: RecognitionConstructor;
    webkitSpeechRecognition?: RecognitionConstructor;
  };
  return scope.SpeechRecognition ?? scope.webkitSpeechRecognition ?? null;
}

/** The transcript of a single-shot recognition result. */
export function transcriptOf(event: RecognitionResultEvent): string {
  const first = event.results[0];
  return first?.[0]?.transcript.trim() ?? "";
}
