// A plan's resources: named limits for one kind of request, each with the same six limit fields as the plan.
import { LimitFields } from "../../../components/quota/limit-fields";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { type LimitField, MAX_RESOURCES } from "../../../lib/domain";
import { type DraftKey, newResource, type ResourceDraft, resourceKey } from "./plan-draft";

type Props = {
  resources: ResourceDraft[];
  onChange: (resources: ResourceDraft[], touched?: DraftKey) => void;
  onBlur: (key: DraftKey) => void;
  errorOf: (key: DraftKey) => string | undefined;
};

export function ResourcesEditor({ resources, onChange, onBlur, errorOf }: Props) {
  const edit = (row: number, change: (r: ResourceDraft) => ResourceDraft, touched: DraftKey) =>
    onChange(
      resources.map((r) => (r.row === row ? change(r) : r)),
      touched,
    );
  const full = resources.length >= MAX_RESOURCES;

  return (
    <fieldset className="fieldset">
      <legend className="fieldset-legend">Resources</legend>
      <p className="fieldset-hint">
        Limits for one kind of request, say an expensive endpoint. A check that names the resource is held to the plan's
        limits and to the resource's.
      </p>
      {resources.map((resource, index) => (
        <fieldset key={resource.row} className="resource">
          <legend className="fieldset-legend">Resource {index + 1}</legend>
          <div className="resource-head">
            <Field
              label="Resource"
              error={errorOf(resourceKey(resource.row, "name"))}
              hint="The name checks give, e.g. ai.generate."
            >
              {(props) => (
                <input
                  {...props}
                  className="input input-mono"
                  autoComplete="off"
                  spellCheck={false}
                  value={resource.name}
                  onChange={(e) =>
                    edit(resource.row, (r) => ({ ...r, name: e.target.value }), resourceKey(resource.row, "name"))
                  }
                  onBlur={() => onBlur(resourceKey(resource.row, "name"))}
                />
              )}
            </Field>
            <Button
              variant="ghost"
              className="btn-danger-text"
              // Named by its number in its group ("Resource 2"), without the word: the name field alone is found
              // by the label Resource (contract section 10).
              aria-label={`Remove #${index + 1}`}
              onClick={() => onChange(resources.filter((r) => r.row !== resource.row))}
            >
              Remove
            </Button>
          </div>
          <LimitFields
            values={resource.limits}
            placeholder="No limit"
            errorOf={(field) => errorOf(resourceKey(resource.row, field))}
            onChange={(field: LimitField, value) =>
              edit(
                resource.row,
                (r) => ({ ...r, limits: { ...r.limits, [field]: value } }),
                resourceKey(resource.row, field),
              )
            }
            onBlur={(field) => onBlur(resourceKey(resource.row, field))}
          />
        </fieldset>
      ))}
      {errorOf("resources") ? <p className="field-error">{errorOf("resources")}</p> : null}
      <div className="row">
        <Button onClick={() => onChange([...resources, newResource(resources)])} disabled={full}>
          Add resource
        </Button>
        {full ? <span className="muted">A plan has at most {MAX_RESOURCES} resources.</span> : null}
      </div>
    </fieldset>
  );
}
