// Types of push.js (the worker's plain-JavaScript push functions) for its tests.
export interface PushFields {
  title: string;
  body?: string;
  url?: string;
  kind?: string;
  tag?: string;
}
export function pushFields(payload: unknown): PushFields | null;
export function appPath(url: unknown): string;
export function notificationFor(payload: unknown): {
  title: string;
  options: {
    body: string;
    tag: string | undefined;
    data: { url: string; kind: string };
    icon: string;
    badge: string;
    lang: string;
  };
} | null;
export function clickTarget(
  clientUrls: readonly string[],
  target: string,
  origin: string,
): { action: "focus"; index: number } | { action: "navigate"; index: number } | { action: "open" };
