import userEvent from "@testing-library/user-event";

/**
 * The user of a screen's test: Testing Library's `userEvent` without its pause between two keystrokes or
 * clicks (by default a timer per step: the ui layer 72.8-75.4 → 69.6-73.5 s, two runs each, 2026-11-30).
 * React still renders after each event, as in a browser.
 */
export function setupUser() {
  return userEvent.setup({ delay: null });
}
