import { Fragment } from "react";

/**
 * The descriptions of the document use Markdown's `code` spans and blank-line paragraphs only; this
 * renders those two without pulling in a Markdown library.
 */
export function InlineText({ text }: { text: string }) {
  return (
    <>
      {text.split(/\n{2,}/).map((paragraph, index) => (
        <p key={index}>
          {paragraph
            .split(/(`[^`]+`)/)
            .map((part, partIndex) =>
              part.startsWith("`") && part.endsWith("`") && part.length > 1 ? (
                <code key={partIndex}>{part.slice(1, -1)}</code>
              ) : (
                <Fragment key={partIndex}>{part}</Fragment>
              ),
            )}
        </p>
      ))}
    </>
  );
}
