// Create or edit a plan: the API's rules shown beside each field as the admin types, If-Match on every edit, and
// after a 412 the admin's changes kept beside the current version.
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { useAdminToken } from "../../../app/admin-session";
import { AlertsField } from "../../../components/quota/alerts-field";
import { FailModeField } from "../../../components/quota/fail-mode-field";
import { LimitFields } from "../../../components/quota/limit-fields";
import { LocalShareField } from "../../../components/quota/local-share-field";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { CheckboxField } from "../../../components/ui/checkbox-field";
import { Field } from "../../../components/ui/field";
import { isApiError } from "../../../lib/api-client";
import type { Limits, Plan, PlanPatch } from "../../../lib/domain";
import { humanize, parseLimitInputs, wellFormedLimits } from "../../../lib/limit-input";
import { FIELD_HINTS } from "../../../lib/quota";
import { useCreatePlan } from "../api/create-plan";
import { planQueryOptions } from "../api/get-plan";
import { useUpdatePlan } from "../api/update-plan";
import { PlanConflictView } from "./plan-conflict-view";
import { checkDraft, type DraftKey, draftOf, emptyDraft, idFromName, type PlanDraft, patchOf } from "./plan-draft";
import { rebasePlan } from "./rebase-plan";
import { ResourcesEditor } from "./resources-editor";

type Props = {
  /** The plan to edit, as read; absent to create one. */
  plan?: Plan;
  onDone: (plan: Plan) => void;
  onCancel: () => void;
  /**
   * Told the limits as typed, unsaved, whenever they change (and once at the start), for a view beside the form:
   * each field a number, or null when empty or not a valid limit yet.
   */
  onDraftChange?: (limits: Limits) => void;
};

/** The draft fields edited by name; limits and resources have their own setters. */
type TopField = "id" | "name" | "failMode" | "shadow" | "localShare" | "alerts";

const firstInput = (form: HTMLFormElement | null) => form?.querySelector<HTMLElement>("input")?.focus();

export function PlanForm({ plan: initial, onDone, onCancel, onDraftChange }: Props) {
  const bearer = useAdminToken();
  const queryClient = useQueryClient();
  const create = useCreatePlan();
  const update = useUpdatePlan();
  const [base, setBase] = useState(initial);
  const [draft, setDraft] = useState<PlanDraft>(initial ? draftOf(initial) : emptyDraft);
  const [touched, setTouched] = useState<ReadonlySet<DraftKey>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // The plan as someone else saved it, after a 412: shown beside the admin's changes until they choose.
  const [current, setCurrent] = useState<Plan | null>(null);

  const formRef = useRef<HTMLFormElement>(null);
  // The form opens in place of a button press: put the keyboard where the typing starts.
  useEffect(() => firstInput(formRef.current), []);

  // A ref, so that a listener made anew on each of the parent's renders does not call itself round in a loop.
  const draftListener = useRef(onDraftChange);
  draftListener.current = onDraftChange;
  useEffect(() => draftListener.current?.(wellFormedLimits(parseLimitInputs(draft.limits))), [draft.limits]);

  const editing = base !== undefined;
  const { errors, plan: checked } = checkDraft(draft);
  const shown = (key: DraftKey) => (submitted || touched.has(key) ? errors[key] : undefined);
  const busy = create.isPending || update.isPending;
  // What the admin changed from the version they read: what a save sends, and what "apply mine" sends again.
  const mine = base && checked ? patchOf(base, checked) : null;
  // After a 412, the same changes laid over the current version: what the view shows and "apply mine" sends.
  const mineOnCurrent = mine && base && current ? rebasePlan(mine, base, current) : null;

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

  /** A 412: read the plan as it is now, for the view, and the table at once, so neither stays stale. */
  async function showCurrent(id: string) {
    void queryClient.invalidateQueries({ queryKey: ["plans"] });
    try {
      setCurrent(await queryClient.fetchQuery(planQueryOptions(bearer, id)));
    } catch (error) {
      setFailure(isApiError(error) ? humanize(error.message) : "The plan could not be read again.");
    }
  }

  /** Saves `patch` over `version`; a 412 shows the current version instead. */
  async function save(id: string, version: number, patch: PlanPatch) {
    try {
      onDone(await update.mutateAsync({ id, version, patch }));
    } catch (error) {
      if (isApiError(error, "precondition_failed")) await showCurrent(id);
      else setFailure(isApiError(error) ? humanize(error.message) : "The plan could not be saved.");
    }
  }

  function discardMine(latest: Plan) {
    setBase(latest);
    setDraft(draftOf(latest));
    setTouched(new Set());
    setSubmitted(false);
    setCurrent(null);
    setFailure(null);
    // The view that held the focus is gone: the keyboard goes back to the top of the form.
    setTimeout(() => firstInput(formRef.current));
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
    if (!base) {
      try {
        onDone(await create.mutateAsync(checked));
      } catch (error) {
        setFailure(isApiError(error) ? humanize(error.message) : "The plan could not be saved.");
      }
      return;
    }
    if (!mine) onDone(base);
    else await save(base.id, base.version, mine);
  }

  function leaveOnEscape(event: KeyboardEvent) {
    // Escape leaves the form as Cancel does; a control that uses Escape itself (an open list) has taken it first.
    if (event.key !== "Escape" || event.defaultPrevented) return;
    event.preventDefault();
    onCancel();
  }

  return (
    <form
      ref={formRef}
      className="form"
      aria-label={editing ? `Edit plan ${base.id}` : "New plan"}
      noValidate
      onSubmit={submit}
      onKeyDown={leaveOnEscape}
    >
      {current && base ? (
        <PlanConflictView
          mine={mineOnCurrent}
          current={current}
          busy={update.isPending}
          onApply={() => mineOnCurrent && save(base.id, current.version, mineOnCurrent)}
          onDiscard={() => discardMine(current)}
        />
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
          hintOf={(field) => FIELD_HINTS[field]}
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
        <FailModeField value={draft.failMode} onChange={(failMode) => change("failMode", failMode)} />
        <CheckboxField
          label="Shadow"
          hint="Never deny: checks report what they would have done (a dry run)."
          checked={draft.shadow}
          onChange={(checked) => change("shadow", checked)}
        />
        <LocalShareField
          value={draft.localShare}
          error={shown("localShare")}
          onChange={(value) => change("localShare", value)}
          onBlur={() => touch("localShare")}
        />
        <AlertsField
          value={draft.alerts}
          error={shown("alerts")}
          onChange={(value) => change("alerts", value)}
          onBlur={() => touch("alerts")}
        />
      </div>

      <div className="form-actions">
        <Button type="submit" variant="primary" disabled={busy || current !== null}>
          {busy ? "Saving…" : editing ? "Save changes" : "Create plan"}
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
        {editing ? <span className="form-meta">Version {base.version}</span> : null}
      </div>
    </form>
  );
}
