// The Plans page of the admin console: the table of plans and the form to create or edit one. The keyboard never
// falls to the page's start: closing the form returns it to the button that opened it, a save puts it on the saved
// plan's row, a delete on the message that says so.
import { useEffect, useRef, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { PageHeader } from "../../../components/ui/page-header";
import { Panel } from "../../../components/ui/panel";
import { Empty, Loading } from "../../../components/ui/states";
import type { Limits, Plan } from "../../../lib/domain";
import { usePlans } from "../api/get-plans";
import { BurstSimulator } from "../simulator/burst-simulator";
import { PlanForm } from "./plan-form";
import { PlansTable } from "./plans-table";

type Editing = { mode: "create" } | { mode: "edit"; plan: Plan } | null;

/** Where the keyboard goes once the page has rendered what an action changed. */
type FocusTarget = { to: "new" } | { to: "edit"; id: string } | { to: "row"; id: string } | { to: "status" };

export function PlansPage() {
  const plans = usePlans();
  const [editing, setEditing] = useState<Editing>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [focus, setFocus] = useState<FocusTarget | null>(null);
  // The form's unsaved limits, so the simulator shows what the plan as typed would do before it is saved.
  const [draft, setDraft] = useState<Limits | null>(null);
  const status = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!focus) return;
    const found =
      focus.to === "status"
        ? status.current
        : document.querySelector<HTMLElement>(
            focus.to === "new" ? "[data-plan-new]" : `[data-plan-${focus.to}="${focus.id}"]`,
          );
    // A saved plan's row may be missing only if the list failed to load again: the message says what happened.
    (found ?? status.current)?.focus();
    setFocus(null);
  }, [focus]);

  const open = (next: Editing) => {
    setSaved(null);
    setEditing(next);
  };
  const close = () => {
    setFocus(editing?.mode === "edit" ? { to: "edit", id: editing.plan.id } : { to: "new" });
    setEditing(null);
  };

  return (
    <>
      <PageHeader
        title="Plans"
        lede="Each plan sets the limits its customers get, and what happens when the counter store is down."
        actions={
          editing ? null : (
            <Button variant="primary" onClick={() => open({ mode: "create" })} data-plan-new="">
              New plan
            </Button>
          )
        }
      />
      {saved ? (
        <div ref={status} tabIndex={-1}>
          <Alert tone="success" title={saved} />
        </div>
      ) : null}
      {editing ? (
        <Panel title={editing.mode === "create" ? "New plan" : `Edit ${editing.plan.name}`}>
          <PlanForm
            key={editing.mode === "edit" ? editing.plan.id : "new"}
            plan={editing.mode === "edit" ? editing.plan : undefined}
            onCancel={close}
            onDraftChange={setDraft}
            onDone={(plan) => {
              setEditing(null);
              setSaved(editing.mode === "create" ? `Plan ${plan.name} created.` : `Plan ${plan.name} saved.`);
              setFocus({ to: "row", id: plan.id });
            }}
          />
          {draft ? <BurstSimulator limits={draft} /> : null}
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
          <PlansTable
            plans={plans.data}
            onEdit={(plan) => open({ mode: "edit", plan })}
            onDeleted={(plan) => {
              if (editing?.mode === "edit" && editing.plan.id === plan.id) setEditing(null);
              setSaved(`Plan ${plan.name} deleted.`);
              setFocus({ to: "status" });
            }}
          />
        )}
      </Panel>
    </>
  );
}
