// A labelled form control with its hint and its error beside it, wired for screen readers.
import { type ReactNode, useId } from "react";

export type ControlProps = { id: string; "aria-invalid": boolean; "aria-describedby": string | undefined };

type Props = {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  children: (props: ControlProps) => ReactNode;
};

export function Field({ label, error, hint, children }: Props) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={error ? "field field-invalid" : "field"}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {children({ id, "aria-invalid": Boolean(error), "aria-describedby": describedBy })}
      {hint && !error ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error">
          <span aria-hidden="true">⚠ </span>
          {error}
        </p>
      ) : null}
    </div>
  );
}
