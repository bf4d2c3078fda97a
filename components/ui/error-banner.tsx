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
