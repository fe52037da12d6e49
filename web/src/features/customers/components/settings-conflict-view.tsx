// The 412 view of a customer's settings: the shared conflict view with the customer's rows and words.
import { ConflictView } from "../../../components/ui/conflict-view";
import type { Customer, Plan } from "../../../lib/domain";
import type { CustomerSettings } from "../api/update-customer";
import { conflictRows } from "./settings-conflict";

type Props = {
  mine: CustomerSettings;
  current: Customer;
  plans: Plan[];
  busy: boolean;
  onApply: () => void;
  onDiscard: () => void;
};

export function SettingsConflictView({ mine, current, plans, ...actions }: Props) {
  return (
    <ConflictView
      title="Someone else changed this customer while you were editing it."
      version={current.version}
      untouched="whatever you did not change keeps its current value"
      rowHeader="Setting"
      rows={conflictRows(mine, current, plans)}
      {...actions}
    />
  );
}
