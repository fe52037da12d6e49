// results.svg: a hand-written bar chart of checks/s per system, Bouncer beside its peers, for the README.
import type { Results } from "./report";

const xmlText = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export function chartSvg(results: Results): string {
  const bar = { height: 26, gap: 10, left: 190, width: 460 };
  const top = 56;
  const width = bar.left + bar.width + 90;
  const height = top + results.systems.length * (bar.height + bar.gap) + 30;
  const max = Math.max(...results.systems.map((s) => (Number.isFinite(s.checksPerSec) ? s.checksPerSec : 0)), 1);
  const bars = results.systems.map((s, i) => {
    const y = top + i * (bar.height + bar.gap);
    const w = Math.max(1, ((Number.isFinite(s.checksPerSec) ? s.checksPerSec : 0) / max) * bar.width);
    const value = Number.isFinite(s.checksPerSec) ? Math.round(s.checksPerSec).toLocaleString("en-US") : "–";
    return [
      `<text x="${bar.left - 10}" y="${y + 18}" text-anchor="end">${xmlText(s.label)}</text>`,
      `<rect x="${bar.left}" y="${y}" width="${w.toFixed(1)}" height="${bar.height}" rx="3" fill="${s.bouncer ? "#2563eb" : "#9ca3af"}"/>`,
      `<text x="${(bar.left + w + 6).toFixed(1)}" y="${y + 18}">${value}</text>`,
    ].join("\n  ");
  });
  const subtitle = `checks/s at saturation, median of ${results.settings.rounds} round(s); ${results.machine.cpus} CPUs, Node ${results.machine.node}${results.quick ? " (quick run)" : ""}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" role="img" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif" font-size="13" fill="#111827">
  <title>${xmlText(`Checks per second of POST /v1/check: ${results.systems.map((s) => `${s.label} ${Math.round(s.checksPerSec)}`).join(", ")}`)}</title>
  <rect width="100%" height="100%" fill="#ffffff"/>
  <text x="16" y="24" font-size="16" font-weight="600">POST /v1/check: Bouncer (blue) and its peers (grey)</text>
  <text x="16" y="42" fill="#4b5563">${xmlText(subtitle)}</text>
  ${bars.join("\n  ")}
</svg>
`;
}
