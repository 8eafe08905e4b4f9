import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";
import { controlClasses, useFieldControl } from "./field";

export function Input({ className, type = "text", ...props }: ComponentProps<"input">) {
  const wired = useFieldControl(props);
  // text-base (16 px) keeps iOS Safari from zooming in on focus.
  return <input type={type} className={cn(controlClasses, "h-11", className)} {...wired} />;
}
