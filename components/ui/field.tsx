import type { ReactNode } from "react";

type FieldProps = {
  /** The id of the control inside, so that the label points at it. */
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
};

/** A labelled form control with its hint and its error message below it. */
export function Field({ id, label, error, hint, children }: FieldProps) {
  return (
    <div className={error ? "field field-invalid" : "field"}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && !error ? <span className="field-hint">{hint}</span> : null}
      {error ? (
        <span className="field-error" id={`${id}-error`} role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** A checkbox with its label on the right, as people expect. */
export function CheckboxField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="field field-checkbox">
      {children}
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
