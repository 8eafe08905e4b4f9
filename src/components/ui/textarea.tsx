import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";
import { controlClasses, useFieldControl } from "./field";

export function Textarea({ className, rows = 3, ...props }: ComponentProps<"textarea">) {
  const wired = useFieldControl(props);
  return <textarea rows={rows} className={cn(controlClasses, "min-h-20 py-2.5", className)} {...wired} />;
}
