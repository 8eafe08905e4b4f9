import { cn } from "@/lib/cn";

type SpinnerSize = "sm" | "md" | "lg";

const sizeClasses: Record<SpinnerSize, string> = {
  sm: "size-4 border-2",
  md: "size-6 border-2",
  lg: "size-10 border-[3px]",
};

type SpinnerProps = {
  size?: SpinnerSize;
  /** Text read by screen readers. */
  label?: string;
  /** Inside a control that already says it is busy (e.g. a loading Button): no live region, no text. */
  decorative?: boolean;
  className?: string;
};

export function Spinner({
  size = "md",
  label = "Caricamento…",
  decorative = false,
  className,
}: SpinnerProps) {
  const circle = (
    <span
      aria-hidden="true"
      className={cn(
        "inline-block shrink-0 animate-spin rounded-full border-current border-r-transparent motion-reduce:animate-[spin_1.5s_linear_infinite]",
        sizeClasses[size],
        className,
      )}
    />
  );
  if (decorative) return circle;
  return (
    <span role="status" className="inline-flex items-center">
      {circle}
      <span className="sr-only">{label}</span>
    </span>
  );
}
