import * as ToastPrimitive from "@radix-ui/react-toast";
import { ERROR_TOAST_TITLE, TOAST_DEFAULT_DURATION_MS, type Toast, toastSchema } from "@/domain/core/toast";
import { cn } from "@/lib/cn";
import { XIcon } from "./icons";
import type { ToastRequest } from "./toast";

/** Turns a queued request into the toast of spec §3, checked against the domain schema. */
function toToast(request: ToastRequest): Toast | null {
  const candidate =
    request.kind === "error"
      ? { id: request.id, title: ERROR_TOAST_TITLE, description: request.description, variant: "destructive" }
      : { id: request.id, ...request.options };
  const parsed = toastSchema.safeParse(candidate);
  if (parsed.success) return parsed.data;
  // A malformed toast is a programming error: report it, but never take the page down for it.
  console.error("Invalid toast", candidate, parsed.error);
  return null;
}

/** Renders the toast queue with Radix (swipe to dismiss, F8 to reach them, screen-reader announcements). */
export function Toaster({ queue, onClose }: { queue: ToastRequest[]; onClose: (id: string) => void }) {
  return (
    <ToastPrimitive.Provider duration={TOAST_DEFAULT_DURATION_MS} label="Notifica" swipeDirection="right">
      {queue.map((request) => {
        const toast = toToast(request);
        return toast ? (
          <ToastView key={toast.id} toast={toast} open={request.open} onClose={() => onClose(toast.id)} />
        ) : null;
      })}
      <ToastPrimitive.Viewport
        label="Notifiche ({hotkey})"
        // At the top, clear of the composers and their send buttons at the bottom of the chat screens
        // (Algo's and the messages'): across a phone's width, and from the sm breakpoint in the top-right
        // corner just under the header (h-16).
        className="fixed inset-x-0 top-0 z-[100] m-0 flex w-full list-none flex-col gap-2 p-4 pt-[max(1rem,env(safe-area-inset-top))] outline-none sm:top-16 sm:right-0 sm:left-auto sm:max-w-sm sm:pt-4"
      />
    </ToastPrimitive.Provider>
  );
}

function ToastView({ toast, open, onClose }: { toast: Toast; open: boolean; onClose: () => void }) {
  const destructive = toast.variant === "destructive";
  return (
    <ToastPrimitive.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      duration={toast.duration}
      // Errors interrupt the screen reader (assertive); the rest waits its turn (polite).
      type={destructive ? "foreground" : "background"}
      className={cn(
        "pointer-events-auto relative rounded-xl border p-4 pr-12 shadow-lg",
        "data-[state=closed]:animate-toast-out data-[state=open]:animate-toast-in",
        "data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform data-[swipe=end]:animate-toast-out",
        destructive ? "border-red-200 bg-red-50 text-red-900" : "border-slate-200 bg-white text-slate-900",
      )}
    >
      <ToastPrimitive.Title className="text-sm font-semibold">{toast.title}</ToastPrimitive.Title>
      {toast.description ? (
        <ToastPrimitive.Description
          className={cn("mt-1 text-sm", destructive ? "text-red-800" : "text-slate-700")}
        >
          {toast.description}
        </ToastPrimitive.Description>
      ) : null}
      <ToastPrimitive.Close
        className={cn(
          "focus-ring absolute top-2 right-2 rounded-lg p-2",
          destructive ? "text-red-800 hover:bg-red-100" : "text-slate-500 hover:bg-slate-100",
        )}
      >
        <XIcon className="size-4" />
        <span className="sr-only">Chiudi</span>
      </ToastPrimitive.Close>
    </ToastPrimitive.Root>
  );
}
