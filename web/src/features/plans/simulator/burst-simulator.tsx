// Beside the plan form: what the plan being edited, unsaved values included, does to a burst the admin describes,
// decided request by request by the algorithm the memory store runs (api/src/quota/simulate.ts), so it cannot
// disagree with the service. The seed's first lesson: judge a limiter by what it does to a burst.
import { useDeferredValue, useId, useMemo, useState } from "react";
import { Field } from "../../../components/ui/field";
import { LIMIT_FIELDS, type Limits, MAX_REQUESTS, planViolations, simulate } from "../../../lib/domain";
import { formatCount, formatDuration } from "../../../lib/format";
import { deniedColor, SimulationChart } from "./simulation-chart";
import { SimulationTable } from "./simulation-table";
import { limitLabel, summarize } from "./simulation-words";
import { DEFAULT_TRAFFIC, readTraffic, TRAFFIC_FIELDS, type TrafficField, type TrafficInputs } from "./traffic-inputs";
import "./simulator.css";

/** Limits the service would accept: a draft with a rule broken or a number half typed is not simulated. */
const simulatable = (limits: Limits) =>
  LIMIT_FIELDS.every((f) => limits[f] === null || (Number.isSafeInteger(limits[f]) && (limits[f] as number) >= 1)) &&
  planViolations(limits).length === 0;

/**
 * The limits a described traffic can be simulated against. The traffic says when each request starts, never when it
 * ends, so requests in flight (Concurrent) cannot be counted and are left out rather than guessed.
 */
const periodLimits = (limits: Limits): Limits => ({ ...limits, concurrent: null });

/** The inputs of one phase of the traffic, in a group of their own. */
function PhaseFields(props: {
  legend: string;
  fields: readonly TrafficField[];
  inputs: TrafficInputs;
  errors: Partial<Record<TrafficField, string>>;
  onChange: (field: TrafficField, value: string) => void;
}) {
  return (
    <fieldset className="fieldset">
      <legend className="fieldset-legend">{props.legend}</legend>
      <div className="simulator-fields">
        {TRAFFIC_FIELDS.filter((f) => props.fields.includes(f.field)).map(({ field, label, whole }) => (
          <Field key={field} label={label} error={props.errors[field]}>
            {(control) => (
              <input
                {...control}
                className="input"
                inputMode={whole ? "numeric" : "decimal"}
                autoComplete="off"
                value={props.inputs[field]}
                onChange={(e) => props.onChange(field, e.target.value)}
              />
            )}
          </Field>
        ))}
      </div>
    </fieldset>
  );
}

/** The simulation's result: the summary, a note when capped, the key, the chart and its table. */
function SimulationResult({ limits, inputs }: { limits: Limits; inputs: TrafficInputs }) {
  // Typing stays quick: React decides the requests (up to ~40 ms at the cap) after the keystroke has shown.
  const deferredLimits = useDeferredValue(limits);
  const deferredInputs = useDeferredValue(inputs);
  const result = useMemo(() => {
    if (!simulatable(deferredLimits)) return null;
    const read = readTraffic(deferredInputs);
    return read.ok ? simulate(periodLimits(deferredLimits), read.traffic) : null;
  }, [deferredLimits, deferredInputs]);

  if (!result) {
    return (
      <p className="simulator-summary" role="status">
        {simulatable(limits)
          ? "Correct the traffic above to see what the plan does to it."
          : "Once the plan's limits are valid, this shows what they do to the traffic above."}
      </p>
    );
  }
  const labels = result.limits.map((name) => limitLabel(name, deferredLimits));
  const summary = summarize(result, deferredLimits);
  return (
    <>
      <p className="simulator-summary" role="status">
        {summary}
      </p>
      {deferredLimits.concurrent !== null ? (
        <p className="simulator-note">
          Concurrent is not simulated: the traffic says when requests start, not how long each stays in flight.
        </p>
      ) : null}
      {result.described > result.simulated ? (
        <p className="simulator-note">
          Only the first {formatCount(MAX_REQUESTS)} of {formatCount(result.described)} requests are simulated, so that
          the page stays quick: the chart ends {formatDuration(result.durationMs / 1000)} in.
        </p>
      ) : null}
      <ul className="simulator-key">
        <li>
          <span className="simulator-swatch" style={{ background: "var(--bar-ok)" }} />
          Allowed
        </li>
        {labels.map((label, k) => (
          <li key={result.limits[k]}>
            <span className="simulator-swatch" style={{ background: deniedColor(k) }} />
            Denied by {label}
          </li>
        ))}
      </ul>
      <SimulationChart sim={result} summary={summary} />
      <SimulationTable sim={result} labels={labels} />
    </>
  );
}

export function BurstSimulator({ limits }: { limits: Limits }) {
  const titleId = useId();
  const [inputs, setInputs] = useState(DEFAULT_TRAFFIC);
  const read = readTraffic(inputs);
  const errors = read.ok ? {} : read.errors;
  const onChange = (field: TrafficField, value: string) => setInputs((now) => ({ ...now, [field]: value }));
  return (
    <section className="simulator" aria-labelledby={titleId}>
      <div className="simulator-head">
        <h3 id={titleId} className="simulator-title">
          Traffic simulator
        </h3>
        <p className="simulator-hint">
          What these limits, as edited, do to the traffic you describe, each request decided by the service's own
          counting. Counters start empty at 00:00 UTC on a Monday the 1st, when an hour, a day, a week and a month all
          begin.
        </p>
      </div>
      <div className="simulator-controls">
        <PhaseFields
          legend="A spike"
          fields={["burstRequests", "overSeconds"]}
          inputs={inputs}
          errors={errors}
          onChange={onChange}
        />
        <PhaseFields
          legend="Then steady traffic"
          fields={["perSecond", "forMinutes"]}
          inputs={inputs}
          errors={errors}
          onChange={onChange}
        />
      </div>
      <SimulationResult limits={limits} inputs={inputs} />
    </section>
  );
}
