// The Plans page of the admin console: the table of plans and the form to create or edit one.
import { useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { PageHeader } from "../../../components/ui/page-header";
import { Panel } from "../../../components/ui/panel";
import { Empty, Loading } from "../../../components/ui/states";
import type { Plan } from "../../../lib/domain";
import { usePlans } from "../api/get-plans";
import { PlanForm } from "./plan-form";
import { PlansTable } from "./plans-table";

type Editing = { mode: "create" } | { mode: "edit"; plan: Plan } | null;

export function PlansPage() {
  const plans = usePlans();
  const [editing, setEditing] = useState<Editing>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const open = (next: Editing) => {
    setSaved(null);
    setEditing(next);
  };

  return (
    <>
      <PageHeader
        title="Plans"
        lede="Each plan sets the limits its customers get, and what happens when the counter store is down."
        actions={
          editing ? null : (
            <Button variant="primary" onClick={() => open({ mode: "create" })}>
              New plan
            </Button>
          )
        }
      />
      {saved ? <Alert tone="success" title={saved} /> : null}
      {editing ? (
        <Panel title={editing.mode === "create" ? "New plan" : `Edit ${editing.plan.name}`}>
          <PlanForm
            key={editing.mode === "edit" ? editing.plan.id : "new"}
            plan={editing.mode === "edit" ? editing.plan : undefined}
            onCancel={() => setEditing(null)}
            onDone={(plan) => {
              setEditing(null);
              setSaved(editing.mode === "create" ? `Plan ${plan.name} created.` : `Plan ${plan.name} saved.`);
            }}
          />
        </Panel>
      ) : null}
      <Panel title="All plans">
        {plans.isPending ? (
          <Loading label="Loading plans…" />
        ) : plans.isError ? (
          <Alert tone="error" title="The plans could not be loaded.">
            {plans.error.message}
          </Alert>
        ) : plans.data.length === 0 ? (
          <Empty title="No plans yet">
            <p>Create a plan to give customers limits. A plan with id anonymous governs checks by IP address.</p>
          </Empty>
        ) : (
          <PlansTable plans={plans.data} onEdit={(plan) => open({ mode: "edit", plan })} />
        )}
      </Panel>
    </>
  );
}
