// The Fail mode select of a plan and of a customer's overrides: the two modes, in one place with their words.
import type { Plan } from "../../lib/domain";
import { Field } from "../ui/field";

type Props<T extends Plan["failMode"] | ""> = {
  value: T;
  onChange: (value: T) => void;
  /** The first option, with the value "", where the choice may keep another's mode: a customer's "Plan's: open". */
  inherit?: string;
};

export function FailModeField<T extends Plan["failMode"] | "">({ value, onChange, inherit }: Props<T>) {
  return (
    <Field label="Fail mode" hint="What checks do when the counter store does not answer.">
      {(props) => (
        <select {...props} className="input" value={value} onChange={(e) => onChange(e.target.value as T)}>
          {inherit === undefined ? null : <option value="">{inherit}</option>}
          <option value="open">Open: allow the request</option>
          <option value="closed">Closed: deny the request</option>
        </select>
      )}
    </Field>
  );
}
