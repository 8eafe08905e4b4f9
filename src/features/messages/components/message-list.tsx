import { useEffect, useRef } from "react";
import { FIRST_PAINT_MESSAGES } from "@/domain/core/first-paint-messages";
import type { Message } from "@/domain/marketplace/message";
import { MESSAGE_TYPE, SYSTEM_SENDER_NAME } from "@/domain/marketplace/message-type";
import { MESSAGE_REPORT_TEXT } from "@/domain/people/first-paint-trust-texts";
import { cn } from "@/lib/cn";

const timeFormat = new Intl.DateTimeFormat("it-IT", { hour: "2-digit", minute: "2-digit" });

/** What a bubble shows (the chat's frame paints this device's copy of them, src/lib/chat-preview.ts). */
type ListedMessage = Pick<Message, "id" | "senderId" | "senderName" | "content" | "createdAt"> &
  Partial<Pick<Message, "type">>;

/**
 * The thread, oldest first, own messages on the right; new messages are announced politely. With
 * `onReport`, the other person's messages carry a small 'Segnala' (named for screen readers).
 */
export function MessageList<T extends ListedMessage>({
  messages,
  uid,
  onReport,
}: {
  messages: readonly T[];
  uid: string;
  onReport?: (message: T) => void;
}) {
  const end = useRef<HTMLLIElement>(null);
  const count = messages.length;
  const newestId = messages[count - 1]?.id;

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when a newer message arrives (not when older ones load above).
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: "end" });
  }, [newestId]);

  if (count === 0)
    return <p className="p-4 text-center text-sm text-slate-600">{FIRST_PAINT_MESSAGES.noMessages}</p>;

  return (
    // The live region wraps the list: a role on the <ol> itself would take its list semantics (and its items').
    <div role="log" aria-live="polite" aria-label="Messaggi" className="p-3 sm:p-4">
      <ol className="space-y-2">
        {messages.map((message) => {
          if (message.type === MESSAGE_TYPE.system) {
            // A deal event the server wrote (accepted, verified, cancelled, no-show, closed): nobody's
            // words, so no bubble, no side and no report; centred, as a note of the deal.
            return (
              <li key={message.id} className="flex justify-center" data-message-type="system">
                <p className="max-w-[90%] rounded-lg bg-slate-100 px-3 py-1.5 text-center text-sm text-slate-700">
                  <span className="sr-only">{SYSTEM_SENDER_NAME}: </span>
                  {message.content}{" "}
                  <time className="text-xs text-slate-600" dateTime={message.createdAt.toISOString()}>
                    {timeFormat.format(message.createdAt)}
                  </time>
                </p>
              </li>
            );
          }
          const own = message.senderId === uid;
          return (
            <li key={message.id} className={cn("flex", own ? "justify-end" : "justify-start")}>
              <div
                className={cn(
                  "max-w-[85%] rounded-2xl px-3 py-2 shadow-sm",
                  own ? "bg-brand-700 text-white" : "bg-white text-slate-900 ring-1 ring-slate-200",
                )}
              >
                <p className="sr-only">{own ? "Tu" : message.senderName}:</p>
                <p className="break-words whitespace-pre-wrap">{message.content}</p>
                <p
                  className={cn(
                    "mt-1 flex items-center justify-end gap-2 text-xs",
                    own ? "text-brand-100" : "text-slate-600",
                  )}
                >
                  {!own && onReport ? (
                    <button
                      type="button"
                      onClick={() => onReport(message)}
                      className="focus-ring rounded px-1 underline-offset-2 hover:underline"
                      aria-label={MESSAGE_REPORT_TEXT.actionLabel(
                        message.senderName,
                        timeFormat.format(message.createdAt),
                      )}
                    >
                      {MESSAGE_REPORT_TEXT.action}
                    </button>
                  ) : null}
                  <time dateTime={message.createdAt.toISOString()}>
                    {timeFormat.format(message.createdAt)}
                  </time>
                </p>
              </div>
            </li>
          );
        })}
        <li ref={end} aria-hidden="true" />
      </ol>
    </div>
  );
}
