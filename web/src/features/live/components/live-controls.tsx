// What the Live page shows: a search over customers' ids and names, and the order of the list.
import { Field } from "../../../components/ui/field";
import { LIVE_SORTS, type LiveSort } from "../api/get-live-usage";

type Props = {
  q: string;
  sort: LiveSort;
  onSearch: (q: string) => void;
  onSort: (sort: LiveSort) => void;
};

export function LiveControls({ q, sort, onSearch, onSort }: Props) {
  return (
    <search className="live-controls" aria-label="Customers on the Live page">
      <Field label="Search customers" hint="By name or id; the chart and the most denied follow it.">
        {(props) => (
          <input
            {...props}
            type="search"
            className="input"
            maxLength={100}
            value={q}
            onChange={(e) => onSearch(e.target.value)}
          />
        )}
      </Field>
      <Field label="Sort by">
        {(props) => (
          <select {...props} className="input" value={sort} onChange={(e) => onSort(e.target.value as LiveSort)}>
            {Object.entries(LIVE_SORTS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        )}
      </Field>
    </search>
  );
}
