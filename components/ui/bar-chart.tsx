import { useId } from "react";
import "./bar-chart.css";

export type BarChartItem = {
  key: string;
  /** The category, written above its bar. */
  label: string;
  value: number;
  /** The value as people read it ("12", "33.3%"), written after the bar. */
  display: string;
};

type BarChartProps = {
  title: string;
  /** What the chart says in one sentence, for screen readers (the figures should also be in a table). */
  summary: string;
  items: BarChartItem[];
  /** The value of a full-width bar; the largest value when not given (a rate would pass 1). */
  max?: number;
};

// Narrow, so that the text stays readable once a phone scales the image down to its width.
const WIDTH = 340;
const ROW = 38;
const LABEL_GAP = 14;
const BAR = 14;
const VALUE_SPACE = 48;

/**
 * A horizontal SVG bar chart, one labelled bar per item (no chart library: a handful of rects).
 * Horizontal, so long category names fit on a phone; the image has a title and a summary for screen
 * readers, and each bar a tooltip. Keep a table of the same figures next to it.
 */
export function BarChart({ title, summary, items, max }: BarChartProps) {
  const id = useId();
  if (items.length === 0) return null;
  const top = Math.max(max ?? 0, ...items.map((item) => item.value)) || 1;
  const height = items.length * ROW + 4;
  const plot = WIDTH - VALUE_SPACE;
  return (
    <figure className="bar-chart">
      <svg viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-labelledby={`${id}-title ${id}-desc`}>
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        {items.map((item, index) => {
          const y = index * ROW;
          const width = Math.max(item.value > 0 ? 2 : 0, (item.value / top) * plot);
          return (
            <g key={item.key} className="bar-chart-row">
              <text className="bar-chart-label" x={0} y={y + 11}>
                {item.label.length > 48 ? `${item.label.slice(0, 47)}…` : item.label}
              </text>
              <rect className="bar-chart-track" x={0} y={y + LABEL_GAP} width={plot} height={BAR} rx={2} />
              <rect className="bar-chart-bar" x={0} y={y + LABEL_GAP} width={width} height={BAR} rx={2}>
                <title>{`${item.label}: ${item.display}`}</title>
              </rect>
              <text className="bar-chart-value" x={plot + 6} y={y + LABEL_GAP + BAR - 3}>
                {item.display}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="muted">{title}</figcaption>
    </figure>
  );
}
