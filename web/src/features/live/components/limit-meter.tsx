// One limit of a customer in a line: its name, whether the customer's overrides set it and whether it denies now
// (in words, not by colour alone), what is left, a bar of what is used, and what servers hold of it.

import { heldText, leftWord, UsedMeter, usedOf } from "../../../components/quota/used-meter";
import { formatCount } from "../../../lib/format";
import { entryLabel, type LimitEntry } from "../../../lib/quota";

type Props = { entry: LimitEntry; custom: boolean; denying: boolean };

export function LimitMeter({ entry, custom, denying }: Props) {
  const { fullness } = usedOf(entry);
  const label = entryLabel(entry.name);
  const held = heldText(entry);
  return (
    <li className={`live-limit limit-${fullness}`}>
      <div className="live-limit-head">
        <span className="live-limit-name">{label}</span>
        {custom ? (
          <span className="badge live-badge-custom" title="Set by this customer's overrides, not by its plan">
            custom
          </span>
        ) : null}
        {denying ? <span className="badge live-badge-denying">Denying</span> : null}
        <span className="live-limit-left">
          {`${formatCount(entry.remaining)} of ${formatCount(entry.limit)} ${leftWord(entry)}`}
        </span>
      </div>
      <UsedMeter entry={entry} label={label} className="live-limit-track" />
      {held ? <p className="live-limit-held">{held}</p> : null}
    </li>
  );
}
