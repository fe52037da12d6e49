// Change a customer's name, plan, billing day and overrides (limits, fail mode, shadow, local share, alerts) with
// If-Match on every save and delete; reset its counters; an empty override keeps the plan's value.
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useAdminToken } from "../../../app/admin-session";
import { LimitFields } from "../../../components/quota/limit-fields";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import type { Customer, LimitField, Plan } from "../../../lib/domain";
import { formatLimit } from "../../../lib/format";
import { emptyLimitInputs } from "../../../lib/limit-input";
import { customerQueryOptions } from "../api/get-customer";
import { customerListKey } from "../api/get-customers";
import { AlertsOverride } from "./alerts-override";
import { BillingDaySelect } from "./billing-day-select";
import { DeleteCustomerButton } from "./delete-customer-button";
import { errorWords } from "./error-words";
import { LocalShareOverride } from "./local-share-override";
import { ModeOverrideFields } from "./mode-override-fields";
import { overridableResources, overrideKey } from "./overrides-draft";
import { PlanSelect } from "./plan-select";
import { rebaseSettings } from "./rebase-settings";
import { ResetCountersButton } from "./reset-counters-button";
import { SettingsConflictView } from "./settings-conflict-view";
import { checkSettings, type SettingsDraft, settingsDraftOf } from "./settings-draft";
import { settingsPatchOf } from "./settings-patch";
import { type Conflict, useSettingsSave } from "./use-settings-save";

type Props = { customer: Customer; plans: Plan[]; onDeleted: () => void; focusOnMount?: boolean };

type Notice = "saved" | "reset" | null;

export function CustomerSettingsForm({ customer, plans, onDeleted, focusOnMount = false }: Props) {
  const bearer = useAdminToken();
  const queryClient = useQueryClient();
  const { save, busy } = useSettingsSave();
  // The customer as this admin read it: its version goes with the save, so a change made since is never overwritten.
  const [base, setBase] = useState(customer);
  const [draft, setDraft] = useState<SettingsDraft>(() => settingsDraftOf(customer));
  const [notice, setNotice] = useState<Notice>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  // A delete refused as stale: the admin must look at the current version before deleting it.
  const [staleDelete, setStaleDelete] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // Set after a save: the button pressed may have been disabled meanwhile, which drops the focus to <body>.
  const [sent, setSent] = useState(false);

  useEffect(() => {
    if (focusOnMount) nameRef.current?.focus();
  }, [focusOnMount]);

  useEffect(() => {
    if (!sent || busy) return;
    setSent(false);
    if (document.activeElement === null || document.activeElement === document.body) {
      formRef.current?.querySelector<HTMLButtonElement>("button[type=submit]")?.focus();
    }
  }, [sent, busy]);

  const plan = plans.find((p) => p.id === draft.planId);
  // What "apply mine" sends: the admin's changes moved onto the version saved meanwhile.
  const rebased = conflict && rebaseSettings(conflict.mine, conflict.base, conflict.current);
  const { errors, settings } = checkSettings(draft, plan);

  function edit(change: Partial<SettingsDraft>) {
    setDraft((d) => ({ ...d, ...change }));
    setNotice(null);
    setFailure(null);
  }

  /** Sets one limit override: of the plan's own limits (resource null) or of one resource's. */
  function changeLimit(resource: string | null, field: LimitField, value: string) {
    setDraft((d) => {
      const overrides =
        resource === null
          ? { ...d.overrides, limits: { ...d.overrides.limits, [field]: value } }
          : {
              ...d.overrides,
              resources: {
                ...d.overrides.resources,
                [resource]: { ...emptyLimitInputs(), ...d.overrides.resources[resource], [field]: value },
              },
            };
      return { ...d, overrides };
    });
    setNotice(null);
    setFailure(null);
  }

  function settle(current: Customer) {
    setBase(current);
    setDraft(settingsDraftOf(current));
    setConflict(null);
    setStaleDelete(false);
  }

  async function send(over: Customer, patch: NonNullable<ReturnType<typeof settingsPatchOf>>) {
    setFailure(null);
    const outcome = await save(over, patch);
    setSent(true);
    if ("saved" in outcome) {
      settle(outcome.saved);
      setNotice("saved");
    } else if ("conflict" in outcome) {
      setConflict(outcome.conflict);
    } else {
      setFailure(outcome.failure);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!settings) return;
    const patch = settingsPatchOf(base, settings);
    if (!patch) {
      setNotice("saved");
      return;
    }
    await send(base, patch);
  }

  async function reloadAfterStaleDelete() {
    try {
      settle(await queryClient.fetchQuery(customerQueryOptions(bearer, base.id)));
      void queryClient.invalidateQueries({ queryKey: customerListKey });
      nameRef.current?.focus();
    } catch (error) {
      setFailure(errorWords(error, base.name));
    }
  }

  return (
    <form ref={formRef} className="form" aria-label={`Settings of ${base.name}`} noValidate onSubmit={submit}>
      {conflict && rebased ? (
        <SettingsConflictView
          mine={rebased}
          current={conflict.current}
          plans={plans}
          busy={busy}
          onApply={() => send(conflict.current, rebased)}
          onDiscard={() => {
            settle(conflict.current);
            nameRef.current?.focus();
          }}
        />
      ) : null}
      {staleDelete ? (
        <Alert tone="warning" title="Someone else changed this customer while you were editing it.">
          <p>Nothing was deleted. Reload to see the current version, then delete it if you still mean to.</p>
          <Button variant="primary" onClick={reloadAfterStaleDelete}>
            Reload customer
          </Button>
        </Alert>
      ) : null}
      {failure ? (
        <Alert tone="error" title="The changes were not saved.">
          {failure}
        </Alert>
      ) : null}
      {notice === "saved" ? <Alert tone="success" title="Saved. The next check uses these settings." /> : null}
      {notice === "reset" ? (
        <Alert tone="success" title={`The counters of ${base.name} were reset: every limit is full again.`} />
      ) : null}
      <div className="form-grid">
        <Field label="Name" error={errors.name}>
          {(props) => (
            <input
              {...props}
              ref={nameRef}
              className="input"
              autoComplete="off"
              value={draft.name}
              onChange={(e) => edit({ name: e.target.value })}
            />
          )}
        </Field>
        <PlanSelect plans={plans} value={draft.planId} onChange={(planId) => edit({ planId })} />
        <BillingDaySelect value={draft.billingDay} onChange={(billingDay) => edit({ billingDay })} />
      </div>
      <fieldset className="fieldset">
        <legend className="fieldset-legend">Overrides</legend>
        <p className="fieldset-hint">
          Replace single settings of the plan for this customer. Left empty, the plan's stays.
        </p>
        <ModeOverrideFields
          plan={plan}
          failMode={draft.failMode}
          shadow={draft.shadow}
          onFailMode={(failMode) => edit({ failMode })}
          onShadow={(shadow) => edit({ shadow })}
        />
        <LocalShareOverride
          plan={plan}
          choice={draft.localShare}
          units={draft.localShareUnits}
          error={errors[overrideKey(null, "localShare")]}
          onChoice={(localShare) => edit({ localShare })}
          onUnits={(localShareUnits) => edit({ localShareUnits })}
        />
        <AlertsOverride
          plan={plan}
          choice={draft.alerts}
          thresholds={draft.alertsThresholds}
          error={errors[overrideKey(null, "alerts")]}
          onChoice={(alerts) => edit({ alerts })}
          onThresholds={(alertsThresholds) => edit({ alertsThresholds })}
        />
        <LimitFields
          values={draft.overrides.limits}
          placeholder="Inherit"
          errorOf={(field) => errors[overrideKey(null, field)]}
          hintOf={(field) => `Plan: ${plan ? formatLimit(plan[field]) : "…"}`}
          onChange={(field, value) => changeLimit(null, field, value)}
        />
        {overridableResources(plan, draft.overrides).map((resource) => (
          <fieldset key={resource} className="resource">
            <legend className="fieldset-legend">
              Resource <code>{resource}</code>
            </legend>
            <LimitFields
              values={draft.overrides.resources[resource] ?? emptyLimitInputs()}
              placeholder="Inherit"
              errorOf={(field) => errors[overrideKey(resource, field)]}
              hintOf={(field) => `Plan: ${plan ? formatLimit(plan.resources[resource]?.[field]) : "…"}`}
              onChange={(field, value) => changeLimit(resource, field, value)}
            />
          </fieldset>
        ))}
      </fieldset>
      <div className="form-actions">
        <Button
          type="submit"
          variant="primary"
          disabled={busy || settings === undefined || conflict !== null || staleDelete}
        >
          {busy ? "Saving…" : "Save settings"}
        </Button>
        <ResetCountersButton customer={base} onReset={() => setNotice("reset")} />
        <DeleteCustomerButton customer={base} onDeleted={onDeleted} onStale={() => setStaleDelete(true)} />
        <span className="form-meta">Version {base.version}</span>
      </div>
    </form>
  );
}
