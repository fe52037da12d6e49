// The Fail mode select of a plan and of a customer's overrides: the three modes, in one place with their words.
import type { Plan } from "../../lib/domain";
import { ChoiceField } from "../ui/choice-field";

type Props<T extends Plan["failMode"] | ""> = {
  value: T;
  onChange: (value: T) => void;
  /** The first option, with the value "", where the choice may keep another's mode: a customer's "Plan's: open". */
  inherit?: string;
};

export function FailModeField<T extends Plan["failMode"] | "">({ value, onChange, inherit }: Props<T>) {
  const modes: [T, string][] = [
    ["open" as T, "Open: allow the request"],
    ["closed" as T, "Closed: deny the request"],
    ["local" as T, "Local: each server keeps limiting with its share"],
  ];
  return (
    <ChoiceField
      label="Fail mode"
      hint="What checks do when the counter store does not answer."
      value={value}
      choices={inherit === undefined ? modes : [["" as T, inherit], ...modes]}
      onChange={onChange}
    />
  );
}
