import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";
import { Spinner } from "./spinner";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "destructive" | "inverse";
export type ButtonSize = "sm" | "md" | "lg" | "icon";

const base =
  "focus-ring inline-flex items-center justify-center gap-2 rounded-lg text-center font-semibold " +
  "transition-colors select-none disabled:pointer-events-none disabled:opacity-60 aria-disabled:pointer-events-none aria-disabled:opacity-60";

const variantClasses: Record<ButtonVariant, string> = {
  primary: "bg-brand-700 text-white shadow-sm hover:bg-brand-800 active:bg-brand-900",
  secondary:
    "bg-white text-brand-800 shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-brand-50 active:bg-brand-100",
  ghost: "text-slate-700 hover:bg-slate-100 hover:text-slate-900 active:bg-slate-200",
  destructive: "bg-red-700 text-white shadow-sm hover:bg-red-800 active:bg-red-900",
  /** White button for dark (brand-800+) bands. */
  inverse: "focus-ring-inverse bg-white text-brand-900 shadow-sm hover:bg-brand-50 active:bg-brand-100",
};

// md and lg are at least 44 px tall: comfortable touch targets on phones. Minimum (not fixed) heights,
// so a long Italian label wraps on a narrow phone instead of overflowing.
const sizeClasses: Record<ButtonSize, string> = {
  sm: "min-h-9 px-3 py-1.5 text-sm",
  md: "min-h-11 px-4 py-2 text-sm sm:text-base",
  lg: "min-h-12 px-5 py-2.5 text-base sm:px-6",
  icon: "size-10 shrink-0",
};

/** Button look for other elements, e.g. a router `<Link>` that should look like a button. */
export function buttonClasses({
  variant = "primary",
  size = "md",
  className,
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
} = {}): string {
  return cn(base, variantClasses[variant], sizeClasses[size], className);
}

type ButtonProps = ComponentProps<"button"> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, marks the button busy and blocks clicks; the label stays so the width does not jump. */
  loading?: boolean;
};

export function Button({
  variant = "primary",
  size = "md",
  loading = false,
  disabled,
  className,
  children,
  type = "button",
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClasses({ variant, size, className })}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading ? <Spinner size="sm" decorative /> : null}
      {children}
    </button>
  );
}
