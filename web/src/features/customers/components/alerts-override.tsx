// The Alerts override: the plan's thresholds (named in its first option), none for this customer, or its own.
import { AlertsField } from "../../../components/quota/alerts-field";
import { ChoiceField } from "../../../components/ui/choice-field";
import { alertsText } from "../../../lib/alerts";
import type { Plan } from "../../../lib/domain";
import type { AlertsChoice } from "./settings-draft";

type Props = {
  plan: Plan | undefined;
  choice: AlertsChoice;
  thresholds: string;
  error: string | undefined;
  onChoice: (choice: AlertsChoice) => void;
  onThresholds: (thresholds: string) => void;
};

export function AlertsOverride({ plan, choice, thresholds, error, onChoice, onThresholds }: Props) {
  return (
    <div className="form-grid">
      <ChoiceField
        label="Alerts"
        hint="Webhook events when this customer's use reaches a share of a window limit."
        value={choice}
        choices={[
          ["", `Plan's: ${plan ? alertsText(plan.alerts).toLowerCase() : "…"}`],
          ["none", "None: no alerts for this customer"],
          ["own", "Own thresholds"],
        ]}
        onChange={onChoice}
      />
      {choice === "own" ? (
        <AlertsField
          label="Thresholds"
          placeholder="80, 100"
          value={thresholds}
          error={error}
          onChange={onThresholds}
        />
      ) : null}
    </div>
  );
}
