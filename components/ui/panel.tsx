import type { ReactNode } from "react";

/** A titled block of a page: one table, one form or one list. */
export function Panel({
  id,
  title,
  description,
  actions,
  children,
}: {
  /** For a link to the block from elsewhere on the page (`#id`). */
  id?: string;
  title: string;
  description?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section id={id} className="panel" aria-label={title}>
      <header className="panel-header">
        <div>
          <h2>{title}</h2>
          {description ? <p className="muted">{description}</p> : null}
        </div>
        {actions ? <div className="panel-actions">{actions}</div> : null}
      </header>
      {children}
    </section>
  );
}

export function PageHeader({ title, description }: { title: string; description?: string }) {
  return (
    <header className="page-header">
      <h1>{title}</h1>
      {description ? <p className="muted">{description}</p> : null}
    </header>
  );
}

export function Badge({
  children,
  tone = "neutral",
}: {
  children: ReactNode;
  tone?: "neutral" | "accent" | "ok" | "danger";
}) {
  return <span className={`badge badge-${tone}`}>{children}</span>;
}
