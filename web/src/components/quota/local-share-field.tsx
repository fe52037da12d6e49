// The Local share input of a plan and of a customer's own share: a number of units, its rule and what it is for.
import { CountInput } from "../ui/count-input";
import { Field } from "../ui/field";

type Props = {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | undefined;
  /** What an empty input means here: "Off" on a plan. */
  placeholder?: string;
  label?: string;
  hint?: string;
};

const LOCAL_SHARE_HINT =
  "Units a server takes at once for a very busy customer, so most checks need no store command. Empty: every check asks the counter store.";

export function LocalShareField({
  value,
  onChange,
  onBlur,
  error,
  placeholder = "Off",
  label = "Local share",
  hint = LOCAL_SHARE_HINT,
}: Props) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(props) => <CountInput {...props} placeholder={placeholder} value={value} onChange={onChange} onBlur={onBlur} />}
    </Field>
  );
}
