// The Plan picker shared by the customer forms: every plan by name, with its id for the ones that share a name.
import { Field } from "../../../components/ui/field";
import type { Plan } from "../../../lib/domain";

type Props = { plans: Plan[]; value: string; onChange: (planId: string) => void; error?: string | undefined };

export function PlanSelect({ plans, value, onChange, error }: Props) {
  return (
    <Field label="Plan" error={error}>
      {(props) => (
        <select {...props} className="input" value={value} onChange={(e) => onChange(e.target.value)}>
          {value === "" ? <option value="">Choose a plan</option> : null}
          {plans.map((plan) => (
            <option key={plan.id} value={plan.id}>
              {plan.name} ({plan.id})
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
