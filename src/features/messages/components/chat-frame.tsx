import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonClasses } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { FIRST_PAINT_MESSAGES } from "@/domain/core/first-paint-messages";

/**
 * A chat's parts as they look, shared by the live chat (chat-view.tsx) and the conversation's frame
 * (messages-shell.tsx, ConversationShell), so that the page replaces the frame without moving anything.
 * Light on purpose: the frame travels in the entry chunk.
 */

export function BackLink() {
  return (
    <Link
      to={paths.messages.getHref()}
      // An arrow only: on a 360 px phone the words took 40 % of the header and cut the other's name.
      className={buttonClasses({ variant: "ghost", size: "icon", className: "md:hidden" })}
    >
      <span aria-hidden="true" className="text-xl leading-none">
        ←
      </span>
      <span className="sr-only">Torna alle conversazioni</span>
    </Link>
  );
}

/** The chat's heading: who, their status, their shop page, what it is about, and the trust actions. */
export function ChatHeader({
  name,
  status,
  shopId,
  title,
  actions,
}: {
  name: string;
  status?: ReactNode;
  /** The other participant's shop, linked from the heading (null for a buyer). */
  shopId: string | null;
  title?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <header className="flex shrink-0 items-center gap-2 border-b border-slate-200 bg-white p-2 sm:p-3">
      <BackLink />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2">
          {/* Wraps rather than cut: on a 360 px phone the name is the header's point. */}
          <h2 id="chat-heading" className="text-lg leading-tight font-semibold break-words text-slate-900">
            {name}
          </h2>
          {status}
          {shopId ? (
            <Link
              to={paths.shop.getHref(shopId)}
              className="focus-ring rounded text-sm font-medium text-brand-800 underline underline-offset-2"
            >
              Pagina del negozio
            </Link>
          ) : null}
        </div>
        {title ? <p className="truncate text-sm text-slate-600">{title}</p> : null}
      </div>
      {actions}
    </header>
  );
}

/** One conversation: the heading, then the thread and what is below it. */
export function ChatSection({ header, children }: { header: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby="chat-heading" className="flex min-h-0 flex-1 flex-col">
      {header}
      {children}
    </section>
  );
}

/**
 * The thread's scrolling area: the deal panel on top, the messages at the bottom, next to the composer,
 * as in any chat. Anchored there, the newest messages stay in place while the panel (or the header's
 * second line) arrives above them.
 */
export function ThreadScroller({ panel, children }: { panel?: ReactNode; children: ReactNode }) {
  return (
    <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
      <div className="flex min-h-full flex-col">
        {panel}
        <div className="mt-auto">{children}</div>
      </div>
    </div>
  );
}

/** What replaces the composer once nobody may write any more. */
export function ClosedLine({ reason }: { reason: string }) {
  return (
    <p role="status" className="border-t border-slate-200 bg-slate-50 p-3 text-sm text-slate-700">
      {FIRST_PAINT_MESSAGES.conversationClosed}: {reason}.
    </p>
  );
}

/** A conversation not read yet (the page's, and the frame's for a chat this device has not kept). */
export function ConversationLoading() {
  return (
    <div className="flex justify-center py-10 text-brand-700">
      <Spinner label={FIRST_PAINT_MESSAGES.conversationLoading} />
    </div>
  );
}

/** The deal panel's box above the thread: the page's panel and, in the chat's frame, its kept line. */
export function DealSection({
  conversationId,
  forBuyer,
  children,
}: {
  conversationId: string;
  forBuyer: boolean;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`deal-${conversationId}`}
      className="border-b border-slate-200 bg-slate-50 p-3 sm:p-4"
    >
      <h3
        id={`deal-${conversationId}`}
        className="mb-2 text-sm font-semibold tracking-wide text-slate-600 uppercase"
      >
        {forBuyer ? FIRST_PAINT_MESSAGES.dealReceived : FIRST_PAINT_MESSAGES.dealOwn}
      </h3>
      {children}
    </section>
  );
}

/**
 * The deal panel as this device last showed it, in the chat's frame: its box and its line about what
 * happens next (dealNote), in the place and the size the page's panel gives them.
 */
export function KeptDealNote({
  conversationId,
  forBuyer,
  note,
}: {
  conversationId: string;
  forBuyer: boolean;
  note: string;
}) {
  return (
    <DealSection conversationId={conversationId} forBuyer={forBuyer}>
      <div className="space-y-3">
        <DealNoteLine note={note} />
      </div>
    </DealSection>
  );
}

/** The deal panel's line about what happens next (dealNote), the same in the panel and in the frame. */
export function DealNoteLine({ note }: { note: string | null }) {
  return <p className="text-sm text-slate-700">{note}</p>;
}
