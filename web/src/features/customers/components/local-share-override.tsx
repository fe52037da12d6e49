// The Local share override: the plan's share (named in its first option), off for this customer, or its own units.
import { LocalShareField } from "../../../components/quota/local-share-field";
import { ChoiceField } from "../../../components/ui/choice-field";
import type { Plan } from "../../../lib/domain";
import { localShareText } from "../../../lib/local-share";
import type { LocalShareChoice } from "./settings-draft";

type Props = {
  plan: Plan | undefined;
  choice: LocalShareChoice;
  units: string;
  error: string | undefined;
  onChoice: (choice: LocalShareChoice) => void;
  onUnits: (units: string) => void;
};

export function LocalShareOverride({ plan, choice, units, error, onChoice, onUnits }: Props) {
  return (
    <div className="form-grid">
      <ChoiceField
        label="Local share"
        hint="Units a server takes at once for this customer when it is very busy."
        value={choice}
        choices={[
          ["", `Plan's: ${plan ? localShareText(plan.localShare).toLowerCase() : "…"}`],
          ["off", "Off: every check asks the counter store"],
          ["own", "Own: a number of units"],
        ]}
        onChange={onChoice}
      />
      {choice === "own" ? (
        <LocalShareField
          label="Units per share"
          placeholder=""
          hint="From 2 to 10,000."
          value={units}
          error={error}
          onChange={onUnits}
        />
      ) : null}
    </div>
  );
}
