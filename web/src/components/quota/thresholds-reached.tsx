// The alert thresholds a window's use has reached, as badges beside its bar ("80 % reached"): said in words, not by
// colour alone.
type Props = { label: string; reached: readonly number[] };

export function ThresholdsReached({ label, reached }: Props) {
  if (reached.length === 0) return null;
  return (
    <ul className="limit-alerts" aria-label={`Alert thresholds of ${label} reached`}>
      {reached.map((t) => (
        <li key={t} className="badge badge-alert">
          {t} % reached
        </li>
      ))}
    </ul>
  );
}
