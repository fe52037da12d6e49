// Create a customer: a name, a plan and a billing day, checked with the API's schema as the admin types.
import { type FormEvent, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { type Customer, CustomerCreate, type Plan } from "../../../lib/domain";
import { humanize } from "../../../lib/limit-input";
import { useCreateCustomer } from "../api/create-customer";
import { BillingDaySelect } from "./billing-day-select";
import { errorWords } from "./error-words";
import { PlanSelect } from "./plan-select";

export function CustomerCreateForm({ plans, onCreated }: { plans: Plan[]; onCreated: (customer: Customer) => void }) {
  const create = useCreateCustomer();
  const [name, setName] = useState("");
  const [planId, setPlanId] = useState("");
  const [billingDay, setBillingDay] = useState<number | null>(null);
  const [touched, setTouched] = useState(false);
  const [submitted, setSubmitted] = useState(false);

  const parsed = CustomerCreate.safeParse({ name, planId });
  const errorOf = (field: "name" | "planId") => {
    const issue = parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === field);
    if (!issue) return undefined;
    return field === "planId" ? "Choose a plan" : humanize(issue.message);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (!parsed.success) return;
    const customer = await create.mutateAsync({ name: name.trim(), planId, billingDay }).catch(() => null);
    if (!customer) return;
    setName("");
    setBillingDay(null);
    setTouched(false);
    setSubmitted(false);
    onCreated(customer);
  }

  return (
    <form className="form" aria-label="New customer" noValidate onSubmit={submit}>
      {create.error ? (
        <Alert tone="error" title="The customer was not created.">
          {errorWords(create.error, name.trim())}
        </Alert>
      ) : null}
      <div className="form-row">
        <Field label="Name" error={submitted || touched ? errorOf("name") : undefined}>
          {(props) => (
            <input
              {...props}
              className="input"
              autoComplete="off"
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                setTouched(true);
              }}
              onBlur={() => setTouched(true)}
            />
          )}
        </Field>
        <PlanSelect
          plans={plans}
          value={planId}
          onChange={setPlanId}
          error={submitted ? errorOf("planId") : undefined}
        />
        <BillingDaySelect value={billingDay} onChange={setBillingDay} />
        <div className="form-row-action">
          <Button type="submit" variant="primary" disabled={create.isPending}>
            {create.isPending ? "Creating…" : "Create customer"}
          </Button>
        </div>
      </div>
    </form>
  );
}
