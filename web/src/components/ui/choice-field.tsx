// A select of a few named choices inside a Field: a plan's fail mode, or a customer's override that may keep the
// plan's value (its first choice, named after what the plan has).
import { Field } from "./field";

type Props<T extends string> = {
  label: string;
  hint: string;
  value: T;
  /** Each choice's value and its words, in order. */
  choices: readonly (readonly [T, string])[];
  onChange: (value: T) => void;
};

export function ChoiceField<T extends string>({ label, hint, value, choices, onChange }: Props<T>) {
  return (
    <Field label={label} hint={hint}>
      {(props) => (
        <select {...props} className="input" value={value} onChange={(e) => onChange(e.target.value as T)}>
          {choices.map(([choice, words]) => (
            <option key={choice} value={choice}>
              {words}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
