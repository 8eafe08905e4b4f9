/**
 * Re-throws a failure with the Italian text the screen shows for it (e.g. 'Errore nel caricare le
 * richieste'), keeping the original as `cause`. The app's QueryCache/MutationCache turn catalogue
 * messages into the destructive 'Errore' toast as they are (src/domain/errors.ts), so the toast and the
 * inline error state say the same thing.
 */
export function failWith(message: string): (cause: unknown) => never {
  return (cause: unknown) => {
    console.error(message, cause);
    throw new Error(message, { cause });
  };
}
