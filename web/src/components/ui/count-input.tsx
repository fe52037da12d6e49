// A text input for a whole number a person types (a limit, a share), inside a Field: digits on a phone's keyboard,
// no browser autofill, and the raw text kept as typed so that the form can say what is wrong with it.
import type { ControlProps } from "./field";

type Props = ControlProps & {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  placeholder: string;
};

export function CountInput({ onChange, ...props }: Props) {
  return (
    <input
      {...props}
      className="input"
      inputMode="numeric"
      autoComplete="off"
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
