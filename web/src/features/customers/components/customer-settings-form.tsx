// Change a customer's plan, billing day and limit overrides, with If-Match on every save and delete; an empty
// override inherits.
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useAdminToken } from "../../../app/admin-session";
import { LimitFields } from "../../../components/quota/limit-fields";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { isApiError } from "../../../lib/api-client";
import type { Customer, LimitField, Plan } from "../../../lib/domain";
import { formatLimit } from "../../../lib/format";
import { emptyLimitInputs } from "../../../lib/limit-input";
import { customerQueryOptions } from "../api/get-customer";
import { useUpdateCustomer } from "../api/update-customer";
import { BillingDaySelect } from "./billing-day-select";
import { DeleteCustomerButton } from "./delete-customer-button";
import {
  checkOverrides,
  type OverridesDraft,
  overridableResources,
  overrideKey,
  overridesDraftOf,
} from "./overrides-draft";
import { PlanSelect } from "./plan-select";
import { settingsPatchOf } from "./settings-patch";

type Props = { customer: Customer; plans: Plan[]; onDeleted: () => void };

export function CustomerSettingsForm({ customer, plans, onDeleted }: Props) {
  const bearer = useAdminToken();
  const queryClient = useQueryClient();
  const update = useUpdateCustomer();
  // The customer as this admin read it: its version goes with the save, so a change made since is never overwritten.
  const [base, setBase] = useState(customer);
  const [planId, setPlanId] = useState(customer.planId);
  const [billingDay, setBillingDay] = useState(customer.billingDay);
  const [draft, setDraft] = useState<OverridesDraft>(overridesDraftOf(customer.overrides));
  const [saved, setSaved] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // Which write found the customer changed meanwhile: both are refused whole, so the admin must look again.
  const [stale, setStale] = useState<"save" | "delete" | null>(null);
  const [reloading, setReloading] = useState(false);

  const plan = plans.find((p) => p.id === planId);
  const { errors, overrides } = checkOverrides(draft, plan, base.overrides);

  function edited() {
    setSaved(false);
    setFailure(null);
  }

  /** Sets one override: of the plan's own limits (resource null) or of one resource's. */
  function change(resource: string | null, field: LimitField, value: string) {
    setDraft((d) =>
      resource === null
        ? { ...d, limits: { ...d.limits, [field]: value } }
        : {
            ...d,
            resources: {
              ...d.resources,
              [resource]: { ...emptyLimitInputs(), ...d.resources[resource], [field]: value },
            },
          },
    );
    edited();
  }

  async function reload() {
    setReloading(true);
    try {
      const latest = await queryClient.fetchQuery(customerQueryOptions(bearer, base.id));
      setBase(latest);
      setPlanId(latest.planId);
      setBillingDay(latest.billingDay);
      setDraft(overridesDraftOf(latest.overrides));
      setStale(null);
      setFailure(null);
      void queryClient.invalidateQueries({ queryKey: ["customers"], exact: true });
    } catch (error) {
      setFailure(isApiError(error) ? error.message : "The customer could not be reloaded.");
    } finally {
      setReloading(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (overrides === undefined) return;
    edited();
    const patch = settingsPatchOf(base, { planId, billingDay, overrides });
    if (!patch) {
      setSaved(true);
      return;
    }
    try {
      setBase(await update.mutateAsync({ id: base.id, version: base.version, patch }));
      setSaved(true);
    } catch (error) {
      if (isApiError(error, "precondition_failed")) setStale("save");
      else setFailure(isApiError(error) ? error.message : "Something went wrong.");
    }
  }

  return (
    <form className="form" aria-label={`Settings of ${base.name}`} noValidate onSubmit={submit}>
      {stale ? (
        <Alert tone="warning" title="Someone else changed this customer while you were editing it.">
          <p>
            Reload to see the latest version, then make your change again. Nothing was{" "}
            {stale === "save" ? "saved" : "deleted"}.
          </p>
          <Button variant="primary" onClick={reload} disabled={reloading}>
            {reloading ? "Reloading…" : "Reload customer"}
          </Button>
        </Alert>
      ) : null}
      {failure ? (
        <Alert tone="error" title="The changes were not saved.">
          {failure}
        </Alert>
      ) : null}
      {saved ? <Alert tone="success" title="Saved. The next check uses these limits." /> : null}
      <div className="form-grid">
        <PlanSelect
          plans={plans}
          value={planId}
          onChange={(next) => {
            setPlanId(next);
            edited();
          }}
        />
        <BillingDaySelect
          value={billingDay}
          onChange={(next) => {
            setBillingDay(next);
            edited();
          }}
        />
      </div>
      <fieldset className="fieldset">
        <legend className="fieldset-legend">Overrides</legend>
        <p className="fieldset-hint">Replace single limits of the plan for this customer. Leave empty to inherit.</p>
        <LimitFields
          values={draft.limits}
          placeholder="Inherit"
          errorOf={(field) => errors[overrideKey(null, field)]}
          hintOf={(field) => `Plan: ${plan ? formatLimit(plan[field]) : "…"}`}
          onChange={(field, value) => change(null, field, value)}
        />
        {overridableResources(plan, draft).map((resource) => (
          <fieldset key={resource} className="resource">
            <legend className="fieldset-legend">
              Resource <code>{resource}</code>
            </legend>
            <LimitFields
              values={draft.resources[resource] ?? emptyLimitInputs()}
              placeholder="Inherit"
              errorOf={(field) => errors[overrideKey(resource, field)]}
              hintOf={(field) => `Plan: ${plan ? formatLimit(plan.resources[resource]?.[field]) : "…"}`}
              onChange={(field, value) => change(resource, field, value)}
            />
          </fieldset>
        ))}
      </fieldset>
      <div className="form-actions">
        <Button
          type="submit"
          variant="primary"
          disabled={update.isPending || overrides === undefined || stale !== null}
        >
          {update.isPending ? "Saving…" : "Save plan and overrides"}
        </Button>
        <DeleteCustomerButton customer={base} onDeleted={onDeleted} onStale={() => setStale("delete")} />
        <span className="form-meta">Version {base.version}</span>
      </div>
    </form>
  );
}
