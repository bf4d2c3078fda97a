"use client";

import {
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import { useTranslations } from "next-intl";
import type { UseFormRegisterReturn } from "react-hook-form";
import { Button } from "./button";
import { Field } from "./field";

type FieldFrame = {
  /** The control's id; the label points at it and the error is `<id>-error`. */
  id: string;
  label: string;
  hint?: string;
  /** The field's message (react-hook-form's `errors.x?.message`); its presence marks the control invalid. */
  error?: string;
  /** What `register("x", options)` returns. */
  registration: UseFormRegisterReturn;
};

/** What the registration sets on the control itself. */
type Bound = "id" | "name" | "onChange" | "onBlur" | "ref";

type TextFieldProps = FieldFrame &
  Omit<InputHTMLAttributes<HTMLInputElement>, Bound | "children"> & {
    /** What goes right after the input, such as the `<datalist>` its `list` names. */
    children?: ReactNode;
  };

/** A labelled `<input>` bound to a react-hook-form field, `aria-invalid` while it has an error. */
export function TextField({ id, label, hint, error, registration, children, ...input }: TextFieldProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <input id={id} aria-invalid={Boolean(error)} {...input} {...registration} />
      {children}
    </Field>
  );
}

type TextAreaFieldProps = FieldFrame & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, Bound | "children">;

/** A labelled `<textarea>` bound to a react-hook-form field, `aria-invalid` while it has an error. */
export function TextAreaField({ id, label, hint, error, registration, ...textarea }: TextAreaFieldProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <textarea id={id} aria-invalid={Boolean(error)} {...textarea} {...registration} />
    </Field>
  );
}

type SelectFieldProps = FieldFrame & Omit<SelectHTMLAttributes<HTMLSelectElement>, Bound> & { children: ReactNode };

/** A labelled `<select>` bound to a react-hook-form field, `aria-invalid` while it has an error. */
export function SelectField({ id, label, hint, error, registration, children, ...select }: SelectFieldProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <select id={id} aria-invalid={Boolean(error)} {...select} {...registration}>
        {children}
      </select>
    </Field>
  );
}

type FormActionsProps = {
  submitLabel: ReactNode;
  isBusy: boolean;
  submitVariant?: "primary" | "secondary";
  /** A secondary button after the submit (reset, cancel). */
  onCancel?: () => void;
  cancelLabel?: ReactNode;
  isCancelDisabled?: boolean;
  /** Buttons before the submit (add a row). */
  children?: ReactNode;
};

/** The row of a form's buttons: its own buttons, the submit, and an optional cancel. */
export function FormActions({
  submitLabel,
  isBusy,
  submitVariant,
  onCancel,
  cancelLabel,
  isCancelDisabled,
  children,
}: FormActionsProps) {
  const t = useTranslations("nav.ui");
  return (
    <div className="form-actions">
      {children}
      <Button type="submit" variant={submitVariant} isBusy={isBusy}>
        {submitLabel}
      </Button>
      {onCancel ? (
        <Button variant="secondary" onClick={onCancel} disabled={isCancelDisabled}>
          {cancelLabel ?? t("cancel")}
        </Button>
      ) : null}
    </div>
  );
}

type ConfirmButtonProps = {
  /** The first button's text, and its accessible name when the text alone is ambiguous. */
  children: ReactNode;
  "aria-label"?: string;
  confirmLabel: ReactNode;
  confirmAriaLabel?: string;
  cancelLabel?: ReactNode;
  /** The class of the span around the confirm and cancel buttons. */
  className: string;
  /**
   * The action, run on confirmation; the buttons are busy meanwhile. It resolves to whether the
   * question closes (back to the first button) or stays open (to try again).
   */
  onConfirm: () => Promise<boolean>;
};

/** A danger button that asks once more (confirm or cancel) before it acts: for what cannot be undone. */
export function ConfirmButton({
  children,
  "aria-label": ariaLabel,
  confirmLabel,
  confirmAriaLabel,
  cancelLabel,
  className,
  onConfirm,
}: ConfirmButtonProps) {
  const t = useTranslations("nav.ui");
  const [isConfirming, setIsConfirming] = useState(false);
  const [isBusy, setIsBusy] = useState(false);

  async function confirm() {
    setIsBusy(true);
    let isDone = false;
    try {
      isDone = await onConfirm();
    } finally {
      setIsBusy(false);
    }
    if (isDone) setIsConfirming(false);
  }

  if (!isConfirming) {
    return (
      <Button variant="danger" onClick={() => setIsConfirming(true)} aria-label={ariaLabel}>
        {children}
      </Button>
    );
  }
  return (
    <span className={className}>
      <Button variant="danger" onClick={confirm} isBusy={isBusy} aria-label={confirmAriaLabel}>
        {confirmLabel}
      </Button>
      <Button variant="secondary" onClick={() => setIsConfirming(false)} disabled={isBusy}>
        {cancelLabel ?? t("cancel")}
      </Button>
    </span>
  );
}
