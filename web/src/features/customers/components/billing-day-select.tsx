// The Billing day picker: the day of the month a customer's monthly limits renew on, or the calendar month.
import { Field } from "../../../components/ui/field";

const DAYS = Array.from({ length: 31 }, (_, i) => i + 1);

type Props = { value: number | null; onChange: (billingDay: number | null) => void };

export function BillingDaySelect({ value, onChange }: Props) {
  return (
    <Field
      label="Billing day"
      hint="Monthly limits renew on this day at 00:00 UTC; in a month without it, on its last day."
    >
      {(props) => (
        <select
          {...props}
          className="input"
          value={value ?? ""}
          onChange={(e) => onChange(e.target.value === "" ? null : Number(e.target.value))}
        >
          <option value="">Calendar month (the 1st)</option>
          {DAYS.map((day) => (
            <option key={day} value={day}>
              {day}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
