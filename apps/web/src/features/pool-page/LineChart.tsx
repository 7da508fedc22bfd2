export type ChartSeries = {
  label: string;
  colour: string;
  /** one value per x label; null leaves a gap */
  values: (number | null)[];
  /** drawn dashed (a limit such as capacity) */
  dashed?: boolean;
};

const WIDTH = 600;
const HEIGHT = 180;
const PAD = { top: 10, right: 10, bottom: 22, left: 64 };

/**
 * A small line chart drawn as plain SVG on the server (no chart library, no JavaScript in the
 * browser). It scales to its box's width. `describedBy` names the table holding the same figures
 * (the chart's text alternative).
 */
export function LineChart({
  title,
  label,
  describedBy,
  xLabels,
  series,
  format,
  testId,
}: {
  title: string;
  label: string;
  describedBy: string;
  xLabels: string[];
  series: ChartSeries[];
  format: (value: number) => string;
  testId?: string;
}) {
  const all = series.flatMap((s) => s.values.filter((v): v is number => v !== null));
  let min = all.length ? Math.min(...all) : 0;
  let max = all.length ? Math.max(...all) : 1;
  if (min === max) {
    const pad = Math.abs(max) * 0.05 || 1;
    min -= pad;
    max += pad;
  }
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const x = (i: number) =>
    PAD.left + (xLabels.length <= 1 ? innerW / 2 : (i * innerW) / (xLabels.length - 1));
  const y = (v: number) => PAD.top + innerH - ((v - min) / (max - min)) * innerH;
  const paths = series.map((s) => {
    let d = "";
    let pen = false;
    s.values.forEach((v, i) => {
      if (v === null) {
        pen = false;
        return;
      }
      d += `${pen ? "L" : "M"}${x(i).toFixed(1)},${y(v).toFixed(1)} `;
      pen = true;
    });
    return d.trim();
  });
  const tickEvery = Math.max(1, Math.ceil(xLabels.length / 6));
  return (
    <figure
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-3"
      data-testid={testId}
    >
      <figcaption className="text-sm font-semibold text-slate-900">{title}</figcaption>
      <svg
        role="img"
        aria-label={label}
        aria-describedby={describedBy}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="mt-2 h-auto w-full"
      >
        <line
          x1={PAD.left}
          y1={PAD.top + innerH}
          x2={WIDTH - PAD.right}
          y2={PAD.top + innerH}
          stroke="#94a3b8"
        />
        <line x1={PAD.left} y1={PAD.top} x2={PAD.left} y2={PAD.top + innerH} stroke="#94a3b8" />
        {all.length > 0 ? (
          <>
            <text x={PAD.left - 6} y={PAD.top + 8} textAnchor="end" fontSize={12} fill="#334155">
              {format(max)}
            </text>
            <text
              x={PAD.left - 6}
              y={PAD.top + innerH}
              textAnchor="end"
              fontSize={12}
              fill="#334155"
            >
              {format(min)}
            </text>
          </>
        ) : null}
        {xLabels.map((l, i) =>
          i % tickEvery === 0 || i === xLabels.length - 1 ? (
            <text
              key={`${l}-${i}`}
              x={x(i)}
              y={HEIGHT - 6}
              textAnchor="middle"
              fontSize={12}
              fill="#334155"
            >
              {l}
            </text>
          ) : null,
        )}
        {series.map((s, i) => (
          <g key={s.label}>
            <path
              d={paths[i]}
              fill="none"
              stroke={s.colour}
              strokeWidth={2.5}
              strokeDasharray={s.dashed ? "6 4" : undefined}
            />
            {s.values.map((v, j) =>
              v === null ? null : <circle key={j} cx={x(j)} cy={y(v)} r={3} fill={s.colour} />,
            )}
          </g>
        ))}
      </svg>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700">
        {series.map((s) => (
          <li key={s.label} className="inline-flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className="inline-block h-0.5 w-4"
              style={{ background: s.colour }}
            />
            {s.label}
          </li>
        ))}
      </ul>
    </figure>
  );
}
