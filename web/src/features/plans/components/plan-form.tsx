// Create or edit a plan: the API's rules shown beside each field as the admin types, and If-Match on every edit.
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useAdminToken } from "../../../app/admin-session";
import { LimitFields } from "../../../components/quota/limit-fields";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { CheckboxField } from "../../../components/ui/checkbox-field";
import { Field } from "../../../components/ui/field";
import { isApiError } from "../../../lib/api-client";
import type { LimitField, Plan } from "../../../lib/domain";
import { useCreatePlan } from "../api/create-plan";
import { planQueryOptions } from "../api/get-plan";
import { useUpdatePlan } from "../api/update-plan";
import { checkDraft, type DraftKey, draftOf, emptyDraft, idFromName, type PlanDraft, patchOf } from "./plan-draft";
import { ResourcesEditor } from "./resources-editor";

type Props = {
  /** The plan to edit, as read; absent to create one. */
  plan?: Plan;
  onDone: (plan: Plan) => void;
  onCancel: () => void;
};

const LIMIT_HINTS: Record<LimitField, string> = {
  burst: "Requests allowed at once. Needs Per minute.",
  perMinute: "Sustained rate: the bucket refills at this many per minute.",
  perHour: "Per UTC clock hour.",
  perDay: "Per UTC day.",
  perWeek: "Monday to Monday, UTC.",
  perMonth: "Calendar month, or from each customer's billing day.",
};

/** The draft fields edited by name; limits and resources have their own setters. */
type TopField = "id" | "name" | "failMode" | "shadow";

export function PlanForm({ plan: initial, onDone, onCancel }: Props) {
  const bearer = useAdminToken();
  const queryClient = useQueryClient();
  const create = useCreatePlan();
  const update = useUpdatePlan();
  const [base, setBase] = useState(initial);
  const [draft, setDraft] = useState<PlanDraft>(initial ? draftOf(initial) : emptyDraft);
  const [touched, setTouched] = useState<ReadonlySet<DraftKey>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const [reloading, setReloading] = useState(false);

  const formRef = useRef<HTMLFormElement>(null);
  // The form opens in place of a button press: put the keyboard where the typing starts.
  useEffect(() => formRef.current?.querySelector("input")?.focus(), []);

  const editing = base !== undefined;
  const { errors, plan: checked } = checkDraft(draft);
  const shown = (key: DraftKey) => (submitted || touched.has(key) ? errors[key] : undefined);
  const busy = create.isPending || update.isPending;

  function edit(next: (d: PlanDraft) => PlanDraft, key?: DraftKey) {
    setDraft(next);
    if (key) touch(key);
    setFailure(null);
  }
  function change<K extends TopField>(field: K, value: PlanDraft[K]) {
    edit((d) => {
      const next = { ...d, [field]: value };
      if (field === "name" && !editing && !touched.has("id")) next.id = idFromName(String(value));
      return next;
    }, field);
  }
  const touch = (key: DraftKey) => setTouched((t) => (t.has(key) ? t : new Set(t).add(key)));

  async function reload() {
    if (!base) return;
    setReloading(true);
    try {
      const latest = await queryClient.fetchQuery(planQueryOptions(bearer, base.id));
      setBase(latest);
      setDraft(draftOf(latest));
      setTouched(new Set());
      setSubmitted(false);
      setStale(false);
      setFailure(null);
      void queryClient.invalidateQueries({ queryKey: ["plans"] });
    } catch (error) {
      setFailure(isApiError(error) ? error.message : "The plan could not be reloaded.");
    } finally {
      setReloading(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    setFailure(null);
    if (!checked) {
      // After the render that marks every wrong field, move the keyboard to the first of them.
      setTimeout(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    try {
      if (!base) {
        onDone(await create.mutateAsync(checked));
        return;
      }
      const patch = patchOf(base, checked);
      if (!patch) {
        onDone(base);
        return;
      }
      onDone(await update.mutateAsync({ id: base.id, version: base.version, patch }));
    } catch (error) {
      if (isApiError(error, "precondition_failed")) setStale(true);
      else setFailure(isApiError(error) ? error.message : "The plan could not be saved.");
    }
  }

  return (
    <form
      ref={formRef}
      className="form"
      aria-label={editing ? `Edit plan ${base.id}` : "New plan"}
      noValidate
      onSubmit={submit}
    >
      {stale ? (
        <Alert tone="warning" title="Someone else changed this plan while you were editing it.">
          <p>Reload to see the latest version, then make your change again. Nothing was saved.</p>
          <Button variant="primary" onClick={reload} disabled={reloading}>
            {reloading ? "Reloading…" : "Reload plan"}
          </Button>
        </Alert>
      ) : null}
      {failure ? (
        <Alert tone="error" title="The plan was not saved.">
          {failure}
        </Alert>
      ) : null}

      <div className="form-grid">
        <Field label="Name" error={shown("name")}>
          {(props) => (
            <input
              {...props}
              className="input"
              autoComplete="off"
              value={draft.name}
              onChange={(e) => change("name", e.target.value)}
              onBlur={() => touch("name")}
            />
          )}
        </Field>
        {editing ? (
          <div className="field">
            <span className="field-label">Plan id</span>
            <code className="field-static">{base.id}</code>
          </div>
        ) : (
          <Field label="Plan id" error={shown("id")} hint="Lowercase letters, digits, - and _. Cannot change later.">
            {(props) => (
              <input
                {...props}
                className="input input-mono"
                autoComplete="off"
                spellCheck={false}
                value={draft.id}
                onChange={(e) => change("id", e.target.value)}
                onBlur={() => touch("id")}
              />
            )}
          </Field>
        )}
      </div>

      <fieldset className="fieldset">
        <legend className="fieldset-legend">Limits</legend>
        <p className="fieldset-hint">Leave a limit empty for no limit of that kind. Set at least one.</p>
        <LimitFields
          values={draft.limits}
          placeholder="No limit"
          errorOf={shown}
          hintOf={(field) => LIMIT_HINTS[field]}
          onChange={(field, value) => edit((d) => ({ ...d, limits: { ...d.limits, [field]: value } }), field)}
          onBlur={touch}
        />
      </fieldset>

      <ResourcesEditor
        resources={draft.resources}
        onChange={(resources, key) => edit((d) => ({ ...d, resources }), key)}
        onBlur={touch}
        errorOf={shown}
      />

      <div className="form-grid">
        <Field label="Fail mode" hint="What checks do when the counter store does not answer.">
          {(props) => (
            <select
              {...props}
              className="input"
              value={draft.failMode}
              onChange={(e) => change("failMode", e.target.value as PlanDraft["failMode"])}
            >
              <option value="open">Open: allow the request</option>
              <option value="closed">Closed: deny the request</option>
            </select>
          )}
        </Field>
        <CheckboxField
          label="Shadow"
          hint="Never deny: checks report what they would have done (a dry run)."
          checked={draft.shadow}
          onChange={(checked) => change("shadow", checked)}
        />
      </div>

      <div className="form-actions">
        <Button type="submit" variant="primary" disabled={busy || stale}>
          {busy ? "Saving…" : editing ? "Save changes" : "Create plan"}
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
        {editing ? <span className="form-meta">Version {base.version}</span> : null}
      </div>
    </form>
  );
}
