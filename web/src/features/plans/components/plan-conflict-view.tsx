// The 412 view of a plan: the shared conflict view with the plan's rows and words.
import { ConflictView } from "../../../components/ui/conflict-view";
import type { Plan, PlanPatch } from "../../../lib/domain";
import { conflictRows } from "./plan-conflict";

type Props = {
  /** What the admin changed from the version they read; null while the form has an error to fix first. */
  mine: PlanPatch | null;
  current: Plan;
  busy: boolean;
  onApply: () => void;
  onDiscard: () => void;
};

export function PlanConflictView({ mine, current, ...actions }: Props) {
  return (
    <ConflictView
      title="Someone else changed this plan while you were editing it."
      version={current.version}
      untouched="the fields you did not change keep their current values"
      rowHeader="Field"
      rows={conflictRows(mine ?? {}, current)}
      blocked={mine ? undefined : "Fix the fields marked below to apply your changes."}
      {...actions}
    />
  );
}
