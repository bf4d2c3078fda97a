import type { ButtonHTMLAttributes } from "react";

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: "primary" | "secondary" | "danger" | "link";
  isBusy?: boolean;
};

/** A button that shows when its action is running and cannot be pressed twice meanwhile. */
export function Button({
  variant = "primary",
  isBusy = false,
  disabled,
  children,
  className,
  type = "button",
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={["button", `button-${variant}`, className].filter(Boolean).join(" ")}
      disabled={disabled || isBusy}
      aria-busy={isBusy || undefined}
      {...rest}
    >
      {children}
    </button>
  );
}
