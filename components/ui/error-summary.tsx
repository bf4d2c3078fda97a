"use client";

import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, type MouseEvent } from "react";
import { useFormState, type Control, type FieldValues } from "react-hook-form";

type ErrorSummaryProps<T extends FieldValues, Output> = {
  /** The form's `control`: the summary follows its errors (its own checks and the API's 422 items alike). */
  control: Control<T, unknown, Output>;
  /** The element id of each field whose value a picker sets rather than a registered control, by path. */
  targets?: Readonly<Record<string, string>>;
};

type Problem = { path: string; message: string; element: HTMLElement | null; label: string | null };

/**
 * What failed in a submitted form, at its top: how many fields need attention and a link to each, in
 * the order of the page. After each failed submit the first invalid field takes the focus and is
 * scrolled to the middle of the screen, so an error below the fold (or under a sticky footer) is
 * never missed. Nothing until the form was submitted, and nothing once every field is fixed.
 */
export function ErrorSummary<T extends FieldValues, Output>({ control, targets }: ErrorSummaryProps<T, Output>) {
  const t = useTranslations("validation");
  const titleId = useId();
  const { errors, submitCount } = useFormState({ control });
  const problems = submitCount > 0 ? problemsOf(errors, targets) : [];
  const revealedSubmit = useRef(0);

  // Once per submit: react-hook-form focuses the first field it registered, which need not be the first
  // on the page, and never one that only the API refused.
  useEffect(() => {
    if (submitCount === revealedSubmit.current) return;
    revealedSubmit.current = submitCount;
    const first = problems.find((problem) => problem.element)?.element;
    if (first) reveal(first);
  });

  if (problems.length === 0) return null;
  return (
    <div className="banner banner-error error-summary" role="alert" aria-labelledby={titleId}>
      <p className="error-summary-title" id={titleId}>
        {t("summary", { count: problems.length })}
      </p>
      <ul>
        {problems.map(({ path, message, element, label }) => {
          const text = label ? t("summaryLink", { field: label, message }) : message;
          return (
            <li key={path}>
              {element?.id ? (
                <a
                  href={`#${element.id}`}
                  onClick={(event: MouseEvent) => {
                    event.preventDefault();
                    reveal(element);
                  }}
                >
                  {text}
                </a>
              ) : (
                text
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function reveal(element: HTMLElement) {
  element.focus({ preventScroll: true });
  element.scrollIntoView({ block: "center" });
}

/** Every field error with a message, with its control where the page has one, in the page's order. */
function problemsOf(errors: object, targets: Readonly<Record<string, string>> = {}): Problem[] {
  const problems: Problem[] = [];
  const visit = (node: unknown, path: string) => {
    if (node === null || typeof node !== "object") return;
    const { message, ref } = node as { message?: unknown; ref?: unknown };
    if (typeof message === "string" && message) {
      const target = targets[path];
      const element =
        typeof HTMLElement !== "undefined" && ref instanceof HTMLElement
          ? ref
          : target
            ? document.getElementById(target)
            : null;
      problems.push({ path, message, element, label: labelOf(element) });
    }
    for (const [key, child] of Object.entries(node))
      if (key !== "ref" && key !== "types") visit(child, path ? `${path}.${key}` : key);
  };
  visit(errors, "");
  return problems.sort((a, b) => {
    if (!a.element || !b.element) return a.element ? -1 : b.element ? 1 : 0;
    return a.element.compareDocumentPosition(b.element) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
  });
}

/** The control's label, after its group's legend where it has one ("Person 2 · First name"). */
function labelOf(element: HTMLElement | null): string | null {
  if (!element) return null;
  const own =
    ("labels" in element ? (element as HTMLInputElement).labels?.[0]?.textContent : null) ??
    element.getAttribute("aria-label");
  if (!own) return null;
  const legend = element.closest("fieldset")?.querySelector(":scope > legend")?.textContent;
  return legend ? `${legend} · ${own}` : own;
}
