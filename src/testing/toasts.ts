import { screen, within } from "@testing-library/react";

/** The toast (an `li` in the 'Notifiche' region) whose title is `title`. */
export async function findToast(title: string, options: { timeout?: number } = {}): Promise<HTMLElement> {
  // The toaster's code (Radix Toast) loads with the first toast: on a busy machine that takes longer
  // than Testing Library's default second, and a toast that never comes still fails the test.
  const heading = await screen.findByText(title, { selector: "li *" }, { timeout: 5000, ...options });
  const toast = heading.closest("li");
  if (!toast) throw new Error(`Toast "${title}" non trovato`);
  return toast;
}

/** Every toast currently queued, as text. */
export function toastTexts(): string[] {
  const region = screen.queryByRole("region", { name: /Notifiche/ });
  return region
    ? within(region)
        .queryAllByRole("listitem")
        .map((item) => item.textContent ?? "")
    : [];
}
