/** Joins class names, skipping falsy values. No tailwind-merge here: components append `className` last. */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(" ");
}
