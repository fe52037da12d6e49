// A labelled checkbox with its explanation underneath.
import { useId } from "react";

type Props = { label: string; hint: string; checked: boolean; onChange: (checked: boolean) => void };

export function CheckboxField({ label, hint, checked, onChange }: Props) {
  const id = useId();
  return (
    <div className="checkbox-field">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={`${id}-hint`}
      />
      <div>
        <label htmlFor={id} className="field-label">
          {label}
        </label>
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      </div>
    </div>
  );
}
