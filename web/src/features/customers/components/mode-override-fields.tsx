// The Fail mode and Shadow overrides: each either keeps the plan's value, named in its first option, or replaces it.

import { FailModeField } from "../../../components/quota/fail-mode-field";
import { failModeText } from "../../../components/quota/fail-mode-words";
import { ChoiceField } from "../../../components/ui/choice-field";
import type { Plan } from "../../../lib/domain";
import type { FailModeChoice, ShadowChoice } from "./settings-draft";

type Props = {
  plan: Plan | undefined;
  failMode: FailModeChoice;
  shadow: ShadowChoice;
  onFailMode: (choice: FailModeChoice) => void;
  onShadow: (choice: ShadowChoice) => void;
};

export function ModeOverrideFields({ plan, failMode, shadow, onFailMode, onShadow }: Props) {
  return (
    <div className="form-grid">
      <FailModeField
        value={failMode}
        onChange={onFailMode}
        inherit={`Plan's: ${plan ? failModeText(plan.failMode).toLowerCase() : "…"}`}
      />
      <ChoiceField
        label="Shadow"
        hint="On: never deny; checks report what they would have done (a dry run)."
        value={shadow}
        choices={[
          ["", `Plan's: ${plan ? (plan.shadow ? "on" : "off") : "…"}`],
          ["on", "On: never deny"],
          ["off", "Off: deny over the limits"],
        ]}
        onChange={onShadow}
      />
    </div>
  );
}
