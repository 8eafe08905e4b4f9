import {
  type ComponentProps,
  type ReactNode,
  type RefObject,
  useEffect,
  useEffectEvent,
  useId,
  useRef,
} from "react";
import { createPortal } from "react-dom";
import { cn } from "@/lib/cn";
import { XIcon } from "./icons";

// A modal dialog without a dependency. The native <dialog> would do most of this, but jsdom (our
// component tests) does not implement showModal(), so the modal behaviour is written out here:
// - role="dialog" + aria-modal, labelled by its title and described by its description;
// - focus moves inside on open (initialFocusRef, else the first field/button, else the close button)
//   and returns to the element that opened it on close;
// - Tab and Shift+Tab cycle inside; everything else on the page is made `inert` while open;
// - Escape and a click on the backdrop close it (only the topmost dialog reacts);
// - the page behind does not scroll.

const FOCUSABLE = [
  "a[href]",
  "button:not([disabled])",
  "input:not([disabled]):not([type='hidden'])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  "[tabindex]:not([tabindex='-1'])",
  "[contenteditable='true']",
].join(",");

/** Open dialogs, innermost last: only the top one handles Escape and focus. */
const openStack: HTMLElement[] = [];

function focusableIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.closest("[inert]"));
}

/** Makes every other child of <body> inert; returns the undo. */
function inertOthers(keep: HTMLElement): () => void {
  const changed: Element[] = [];
  for (const child of Array.from(document.body.children)) {
    if (child === keep || child.hasAttribute("inert")) continue;
    child.setAttribute("inert", "");
    changed.push(child);
  }
  return () => {
    for (const element of changed) element.removeAttribute("inert");
  };
}

type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Element to focus when the dialog opens. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Close when the backdrop is clicked (default true). Escape always closes. */
  closeOnBackdrop?: boolean;
  className?: string;
};

export function Dialog({ open, ...props }: DialogProps) {
  if (!open || typeof document === "undefined") return null;
  return createPortal(<DialogLayer {...props} />, document.body);
}

function DialogLayer({
  onOpenChange,
  title,
  description,
  children,
  initialFocusRef,
  closeOnBackdrop = true,
  className,
}: Omit<DialogProps, "open">) {
  const layerRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  const close = useEffectEvent(() => onOpenChange(false));
  const focusInitial = useEffectEvent(() => {
    const target =
      initialFocusRef?.current ??
      (bodyRef.current ? focusableIn(bodyRef.current)[0] : undefined) ??
      closeRef.current ??
      panelRef.current;
    target?.focus();
  });

  useEffect(() => {
    const layer = layerRef.current;
    const panel = panelRef.current;
    if (!layer || !panel) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;

    openStack.push(layer);
    const undoInert = inertOthers(layer);
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    focusInitial();

    const isTop = () => openStack[openStack.length - 1] === layer;

    const onKeyDown = (event: KeyboardEvent) => {
      if (!isTop()) return;
      if (event.key === "Escape") {
        event.preventDefault();
        event.stopPropagation();
        close();
        return;
      }
      if (event.key !== "Tab") return;
      const items = focusableIn(panel);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) {
        event.preventDefault();
        panel.focus();
        return;
      }
      const active = document.activeElement;
      if (event.shiftKey && (active === first || active === panel || !panel.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !panel.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    // Safety net where `inert` is unsupported: focus may not land outside the top dialog.
    const onFocusIn = (event: FocusEvent) => {
      if (isTop() && event.target instanceof Node && !layer.contains(event.target)) focusInitial();
    };

    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("focusin", onFocusIn);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("focusin", onFocusIn);
      openStack.splice(openStack.indexOf(layer), 1);
      undoInert();
      document.body.style.overflow = previousOverflow;
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <div ref={layerRef} className="fixed inset-0 z-50 overflow-y-auto">
      <div
        aria-hidden="true"
        className="fixed inset-0 animate-fade-in bg-slate-950/50"
        onPointerDown={closeOnBackdrop ? () => close() : undefined}
      />
      <div className="pointer-events-none relative flex min-h-full items-end justify-center p-3 sm:items-center sm:p-6">
        <div
          ref={panelRef}
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          aria-describedby={description ? descriptionId : undefined}
          tabIndex={-1}
          className={cn(
            "pointer-events-auto relative w-full max-w-lg animate-fade-in rounded-2xl bg-white shadow-xl outline-none",
            className,
          )}
        >
          <div className="flex items-start gap-4 p-5 pb-0 sm:p-6 sm:pb-0">
            <div className="min-w-0 flex-1 space-y-1.5">
              <h2 id={titleId} className="text-lg font-semibold text-slate-900">
                {title}
              </h2>
              {description ? (
                <p id={descriptionId} className="text-sm text-slate-600">
                  {description}
                </p>
              ) : null}
            </div>
            <button
              ref={closeRef}
              type="button"
              onClick={() => close()}
              className="focus-ring -m-2 rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
            >
              <XIcon />
              <span className="sr-only">Chiudi</span>
            </button>
          </div>
          <div ref={bodyRef} className="p-5 sm:p-6">
            {children}
          </div>
        </div>
      </div>
    </div>
  );
}

/** Action row at the bottom of a dialog: stacked on phones, right-aligned from `sm`. */
export function DialogFooter({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      className={cn("mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end sm:gap-3", className)}
      {...props}
    />
  );
}
