import { callableErrorMessage } from "@/domain/boundary/errors";

/**
 * Re-throws a failure with the Italian text the screen shows for it (e.g. 'Errore nel caricare le
 * richieste'), keeping the original as `cause`. The app's QueryCache/MutationCache turn catalogue
 * messages into the destructive 'Errore' toast as they are (src/domain/boundary/errors.ts), so the toast and the
 * inline error state say the same thing.
 *
 * `serverMessage`: for callables, whose refusals carry their own catalogue text ('Operazione non
 * consentita: …'), that text wins and `message` is the fallback.
 */
export function failWith(
  message: string,
  options: { serverMessage?: boolean } = {},
): (cause: unknown) => never {
  return (cause: unknown) => {
    const shown = options.serverMessage ? callableErrorMessage(cause, message) : message;
    console.error("Operation failed; the user is told:", shown, cause);
    throw new Error(shown, { cause });
  };
}
