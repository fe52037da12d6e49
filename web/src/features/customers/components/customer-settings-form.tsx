// Change a customer's plan and limit overrides; an empty override inherits the plan's limit.
import { type FormEvent, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { isApiError } from "../../../lib/api-client";
import { type Customer, LIMIT_FIELDS, type LimitField, type Plan } from "../../../lib/domain";
import { formatLimit } from "../../../lib/format";
import { FIELD_LABELS } from "../../../lib/quota";
import { useUpdateCustomer } from "../api/update-customer";
import { checkOverrides, type OverridesDraft, overridesDraftOf } from "./overrides-draft";
import { PlanSelect } from "./plan-select";

export function CustomerSettingsForm({ customer, plans }: { customer: Customer; plans: Plan[] }) {
  const update = useUpdateCustomer();
  const [planId, setPlanId] = useState(customer.planId);
  const [draft, setDraft] = useState<OverridesDraft>(overridesDraftOf(customer.overrides));
  const [saved, setSaved] = useState(false);

  const plan = plans.find((p) => p.id === planId);
  const { errors, overrides } = checkOverrides(draft, plan, customer.overrides);

  function change(field: LimitField, value: string) {
    setDraft((d) => ({ ...d, [field]: value }));
    setSaved(false);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (overrides === undefined) return;
    const done = await update.mutateAsync({ id: customer.id, planId, overrides }).catch(() => null);
    setSaved(done !== null);
  }

  return (
    <form className="form" aria-label={`Settings of ${customer.name}`} noValidate onSubmit={submit}>
      {update.error ? (
        <Alert tone="error" title="The changes were not saved.">
          {isApiError(update.error) ? update.error.message : "Something went wrong."}
        </Alert>
      ) : null}
      {saved ? <Alert tone="success" title="Saved. The next check uses these limits." /> : null}
      <div className="form-grid">
        <PlanSelect
          plans={plans}
          value={planId}
          onChange={(next) => {
            setPlanId(next);
            setSaved(false);
          }}
        />
      </div>
      <fieldset className="fieldset">
        <legend className="fieldset-legend">Overrides</legend>
        <p className="fieldset-hint">Replace single limits of the plan for this customer. Leave empty to inherit.</p>
        <div className="form-grid form-grid-4">
          {LIMIT_FIELDS.map((field) => (
            <Field
              key={field}
              label={FIELD_LABELS[field]}
              error={errors[field]}
              hint={`Plan: ${plan ? formatLimit(plan[field]) : "…"}`}
            >
              {(props) => (
                <input
                  {...props}
                  className="input"
                  inputMode="numeric"
                  autoComplete="off"
                  placeholder="Inherit"
                  value={draft[field]}
                  onChange={(e) => change(field, e.target.value)}
                />
              )}
            </Field>
          ))}
        </div>
      </fieldset>
      <div className="form-actions">
        <Button type="submit" variant="primary" disabled={update.isPending || overrides === undefined}>
          {update.isPending ? "Saving…" : "Save plan and overrides"}
        </Button>
      </div>
    </form>
  );
}
