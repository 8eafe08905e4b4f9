import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { CameraIcon, MicIcon } from "@/components/ui/icons";
import { Textarea } from "@/components/ui/textarea";
import { FIRST_PAINT_MESSAGES } from "@/domain/core/first-paint-messages";
import { PRODUCT_NAME } from "@/domain/core/product";
import { ChatPanel } from "./chat-panel";
import { FIELD_LABELS, PROGRESS_TITLE } from "./progress-labels";

/** The page's frame, shared by the shell and the page so that nothing moves when one replaces the other. */
export const CREATE_SECTION_CLASSES =
  "mx-auto flex h-[calc(100dvh-4rem)] max-w-3xl flex-col gap-2 px-3 py-2 sm:px-4 sm:py-4";

const WELCOME = [{ id: "welcome", role: "assistant" as const, text: FIRST_PAINT_MESSAGES.algoWelcome }];

/**
 * /create as it looks before anything is known, with no data of anyone: the heading, Algo's welcome and a
 * composer that cannot send yet. The route gate shows it (instead of a spinner) to a browser with a
 * session hint while the session and the page's code load, so that a phone paints the page at once;
 * it imports nothing heavy (no Firebase, no zod, no Algo logic), it travels in the entry chunk. When
 * the session turns out not to be a buyer's, the gate redirects as for any guarded page.
 */
export function CreateShell() {
  return (
    <section aria-labelledby="create-title" aria-busy="true" className={CREATE_SECTION_CLASSES}>
      <title>{`Chiedi ad Algo · ${PRODUCT_NAME}`}</title>
      <div className="flex min-h-9 items-center justify-between gap-3">
        <h1 id="create-title" className="text-xl font-bold text-slate-900 sm:text-2xl">
          Chiedi ad Algo
        </h1>
      </div>
      <p className="sr-only sm:not-sr-only sm:text-slate-700">
        Scrivi, detta o fotografa quello che ti serve: Algo prepara la richiesta.
      </p>
      <section
        aria-label={PROGRESS_TITLE}
        className="space-y-1.5 rounded-xl border border-slate-200 bg-white px-3 py-2 shadow-sm"
      >
        <div className="flex items-center gap-2">
          <h2 className="text-sm font-semibold text-slate-900">{PROGRESS_TITLE}</h2>
          <div aria-hidden="true" className="h-2 flex-1 rounded-full bg-slate-200" />
          <span aria-hidden="true" className="text-xs text-slate-600">
            0%
          </span>
        </div>
        <ul className="flex flex-wrap gap-x-2 gap-y-0.5 text-xs text-slate-600">
          {Object.values(FIELD_LABELS).map((label) => (
            <li key={label} className="flex items-center gap-0.5">
              <span aria-hidden="true">·</span>
              {label}
            </li>
          ))}
        </ul>
      </section>
      <ChatPanel messages={WELCOME} typing={false} />
      <ShellComposer />
    </section>
  );
}

/** The composer's shape, disabled until the page (and its Algo) is ready. */
function ShellComposer(): ReactNode {
  return (
    <div className="space-y-2">
      <Textarea
        rows={2}
        aria-label="Messaggio per Algo"
        placeholder="Es. cerco una bici da città usata, sui 200 euro"
        disabled
      />
      <div className="flex items-center gap-2">
        <Button variant="secondary" size="sm" disabled>
          Foto
        </Button>
        <Button variant="secondary" size="icon" aria-label="Scatta una foto" disabled>
          <CameraIcon className="size-5" aria-hidden="true" />
        </Button>
        <Button variant="secondary" size="icon" aria-label="Detta il messaggio" disabled>
          <MicIcon className="size-5" aria-hidden="true" />
        </Button>
        <Button className="ml-auto" disabled>
          Invia
        </Button>
      </div>
    </div>
  );
}
