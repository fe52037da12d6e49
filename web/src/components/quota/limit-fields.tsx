// One input per kind of limit, in the order and with the labels of the domain's table (LIMIT_KINDS).
import type { ReactNode } from "react";
import { LIMIT_KINDS, type LimitField } from "../../lib/domain";
import type { LimitInputs } from "../../lib/limit-input";
import { CountInput } from "../ui/count-input";
import { Field } from "../ui/field";

type Props = {
  values: LimitInputs;
  onChange: (field: LimitField, value: string) => void;
  onBlur?: (field: LimitField) => void;
  errorOf: (field: LimitField) => string | undefined;
  hintOf?: (field: LimitField) => ReactNode;
  /** What an empty input means here: "No limit" on a plan, "Inherit" in a customer's overrides. */
  placeholder: string;
};

export function LimitFields({ values, onChange, onBlur, errorOf, hintOf, placeholder }: Props) {
  return (
    <div className="form-grid form-grid-limits">
      {LIMIT_KINDS.map(({ field, label }) => (
        <Field key={field} label={label} error={errorOf(field)} hint={hintOf?.(field)}>
          {(props) => (
            <CountInput
              {...props}
              placeholder={placeholder}
              value={values[field]}
              onChange={(value) => onChange(field, value)}
              onBlur={() => onBlur?.(field)}
            />
          )}
        </Field>
      ))}
    </div>
  );
}
