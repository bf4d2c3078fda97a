/** The general message of a failed request (the API's `detail`); nothing when there is none. */
export function ErrorBanner({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <div className="banner banner-error" role="alert">
      {message}
    </div>
  );
}

/** Confirms that a change was saved, so the person does not submit twice. */
export function SuccessBanner({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <div className="banner banner-ok" role="status">
      {message}
    </div>
  );
}

/** A failed action's message beside the control that ran it (a row's button, an inline form); nothing when there is none. */
export function InlineError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <span className="field-error" role="alert">
      {message}
    </span>
  );
}
