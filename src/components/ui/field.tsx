import { type ComponentProps, createContext, type ReactNode, useContext, useId } from "react";
import { cn } from "@/lib/cn";

type FieldContextValue = {
  id: string;
  describedBy: string | undefined;
  invalid: boolean;
  required: boolean;
};

const FieldContext = createContext<FieldContextValue | null>(null);

type ControlAria = {
  id?: string | undefined;
  required?: boolean | undefined;
  "aria-describedby"?: string | undefined;
  "aria-invalid"?: ComponentProps<"input">["aria-invalid"];
};

/**
 * Wires a control to its surrounding <Field>: id (for the label), aria-describedby (hint + error)
 * and aria-invalid. Props passed explicitly to the control win.
 */
export function useFieldControl<P extends ControlAria>(props: P): P {
  const field = useContext(FieldContext);
  if (!field) return props;
  const describedBy = [field.describedBy, props["aria-describedby"]].filter(Boolean).join(" ") || undefined;
  return {
    ...props,
    id: props.id ?? field.id,
    required: props.required ?? (field.required || undefined),
    "aria-describedby": describedBy,
    "aria-invalid": props["aria-invalid"] ?? (field.invalid || undefined),
  };
}

export function Label({ className, ...props }: ComponentProps<"label">) {
  // biome-ignore lint/a11y/noLabelWithoutControl: htmlFor is passed by the caller (Field does).
  return <label className={cn("block text-sm font-medium text-slate-800", className)} {...props} />;
}

type FieldProps = {
  label: ReactNode;
  /** Help text under the control, always visible. */
  hint?: ReactNode;
  /** Error text; when present the control is marked aria-invalid and the message is announced. */
  error?: ReactNode;
  required?: boolean;
  /** Control id; generated when omitted. */
  id?: string;
  className?: string;
  children: ReactNode;
};

/** Label + control + hint + error, with the accessibility wiring done once. */
export function Field({ label, hint, error, required = false, id, className, children }: FieldProps) {
  const generated = useId();
  const controlId = id ?? `field-${generated}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;

  return (
    <FieldContext.Provider value={{ id: controlId, describedBy, invalid: Boolean(error), required }}>
      <div className={cn("space-y-1.5", className)}>
        <Label htmlFor={controlId}>
          {label}
          {required ? (
            <span className="text-red-700" aria-hidden="true">
              {" "}
              *
            </span>
          ) : null}
        </Label>
        {children}
        {hint ? (
          <p id={hintId} className="text-sm text-slate-600">
            {hint}
          </p>
        ) : null}
        {error ? (
          <p id={errorId} className="text-sm font-medium text-red-700" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </FieldContext.Provider>
  );
}

/** Shared look of text-like controls. */
export const controlClasses =
  "focus-ring block w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm " +
  "placeholder:text-slate-500 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500 " +
  "aria-invalid:border-red-700 focus-visible:border-brand-700";
