// A titled white card that groups one part of a page.
import { type ReactNode, useId } from "react";

type Props = { title: string; description?: ReactNode; actions?: ReactNode; children: ReactNode };

export function Panel({ title, description, actions, children }: Props) {
  const id = useId();
  return (
    <section className="panel" aria-labelledby={id}>
      <header className="panel-header">
        <div>
          <h2 id={id} className="panel-title">
            {title}
          </h2>
          {description ? <p className="panel-description">{description}</p> : null}
        </div>
        {actions ? <div className="panel-actions">{actions}</div> : null}
      </header>
      {children}
    </section>
  );
}
