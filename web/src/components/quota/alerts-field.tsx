// The Alerts input of a plan and of a customer's own thresholds: percents typed as "80, 100", and what they do.
import { ALERTS_HINT } from "../../lib/alerts";
import { Field } from "../ui/field";

type Props = {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | undefined;
  label?: string;
  /** What an empty input means here: none on a plan. */
  placeholder?: string;
};

export function AlertsField({ value, onChange, onBlur, error, label = "Alerts", placeholder = "None" }: Props) {
  return (
    <Field label={label} error={error} hint={ALERTS_HINT}>
      {(props) => (
        <input
          {...props}
          className="input"
          autoComplete="off"
          spellCheck={false}
          placeholder={placeholder}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
        />
      )}
    </Field>
  );
}
