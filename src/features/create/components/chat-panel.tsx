import { Children, type ReactNode, useEffect, useRef } from "react";
import { cn } from "@/lib/cn";
import type { ChatMessage } from "../api/use-algo-chat";

type ChatPanelProps = {
  messages: ChatMessage[];
  typing: boolean;
  /** What follows Algo's last message: the place prompt, the summary card. */
  children?: ReactNode;
  /** Changes when `children` change, to scroll them into view. */
  tailKey?: string;
};

/**
 * The conversation: it fills the height the page gives it (the screen minus the header, the progress
 * strip and the composer) and scrolls inside, to the newest message; Algo's typing dots while it
 * thinks; the place prompt and the summary card after the last message.
 */
export function ChatPanel({ messages, typing, children, tailKey = "" }: ChatPanelProps) {
  const end = useRef<HTMLDivElement>(null);
  const count = messages.length;
  // Only when there is something below the fold to show: Algo's welcome alone needs no scrolling, and
  // scrollIntoView forces a layout in the page's first, most expensive, task.
  const hasTail = Children.toArray(children).length > 0;
  useEffect(() => {
    if (count > 1 || (hasTail && tailKey !== undefined)) end.current?.scrollIntoView?.({ block: "end" });
  }, [count, hasTail, tailKey]);
  return (
    // A section (region) focusable so that a keyboard can scroll it: it scrolls inside the page.
    <section
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
      tabIndex={0}
      aria-label="Chat con Algo"
      className="focus-ring min-h-0 flex-1 space-y-3 overflow-y-auto rounded-xl border border-slate-200 bg-slate-50 p-3"
    >
      <div role="log" aria-label="Conversazione con Algo" aria-live="polite" className="space-y-3">
        {messages.map((message) => (
          <div
            key={message.id}
            className={cn("flex", message.role === "user" ? "justify-end" : "justify-start")}
            data-role={message.role}
          >
            <div
              className={cn(
                "max-w-[85%] rounded-2xl px-3 py-2 text-sm whitespace-pre-wrap",
                message.role === "user"
                  ? "bg-brand-700 text-white"
                  : "bg-white text-slate-900 ring-1 ring-slate-200",
              )}
            >
              <span className="sr-only">{message.role === "user" ? "Tu: " : "Algo: "}</span>
              {message.imageUrl ? (
                <img src={message.imageUrl} alt="Foto inviata" className="mb-2 max-h-40 rounded-lg" />
              ) : null}
              {message.text}
            </div>
          </div>
        ))}
        {typing ? (
          <div className="flex justify-start">
            <div
              role="status"
              className="flex items-center gap-1 rounded-2xl bg-white px-3 py-3 ring-1 ring-slate-200"
            >
              <span className="sr-only">Algo sta scrivendo…</span>
              {[0, 150, 300].map((delay) => (
                <span
                  key={delay}
                  aria-hidden="true"
                  className="size-2 animate-bounce rounded-full bg-slate-400 motion-reduce:animate-none"
                  style={{ animationDelay: `${delay}ms` }}
                />
              ))}
            </div>
          </div>
        ) : null}
      </div>
      {children}
      <div ref={end} />
    </section>
  );
}
