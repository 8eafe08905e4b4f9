/**
 * The signed-in user's ID token for code that must not load Firebase Auth itself (the error reporter:
 * a marketing page that fails should not download the session). ./firebase.ts registers the source
 * when it creates Auth; before that nobody is signed in on this page.
 */
type TokenSource = () => Promise<string | null>;

let source: TokenSource | undefined;

export function provideIdToken(next: TokenSource): void {
  source = next;
}

/** The current ID token, or undefined when nobody is signed in, Auth has not started or it fails. */
export async function idTokenIfSignedIn(): Promise<string | undefined> {
  try {
    return (await source?.()) ?? undefined;
  } catch {
    return undefined;
  }
}
