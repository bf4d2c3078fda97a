"use client";

import { useId } from "react";
import "./bar-chart.css";
import { useElementWidth } from "./use-element-width";

export type BarChartItem = {
  key: string;
  /** The category, written above its bar. */
  label: string;
  value: number;
  /** The value as people read it ("12", "33.3%"), written after the bar. */
  display: string;
  /** A second series: the whole the value is a part of (the gross a commission is taken from), drawn behind its bar. */
  total?: number;
  /** The bar's tooltip; "label: display" when not given. */
  tooltip?: string;
};

type BarChartProps = {
  title: string;
  /** What the chart says in one sentence, for screen readers (the figures should also be in a table). */
  summary: string;
  items: BarChartItem[];
  /** The value of a full-width bar; the largest value (or total) when not given (a rate would pass 1). */
  max?: number;
  /** The names of the two series, as a legend, when the items have totals. */
  series?: { value: string; total: string };
};

// Drawn at the measured width of its box (its text keeps the page's size); this until it is measured.
const WIDTH = 340;
const ROW = 38;
const LABEL_GAP = 14;
const BAR = 14;
const VALUE_SPACE = 48;
// About the width of a character of the 12px labels and values.
const CHARACTER = 7;

/**
 * A horizontal SVG bar chart, one labelled bar per item (no chart library: a handful of rects), with
 * an optional second series behind the bars. Horizontal, so long category names fit on a phone; the
 * image has a title and a summary for screen readers, and each bar a tooltip. Bar lengths use binary
 * floats, which is fine for pixels. Keep a table of the same figures next to it.
 */
export function BarChart({ title, summary, items, max, series }: BarChartProps) {
  const id = useId();
  const { ref, width } = useElementWidth<HTMLDivElement>(WIDTH);
  if (items.length === 0) return null;
  const top = Math.max(max ?? 0, ...items.map((item) => Math.max(item.value, item.total ?? 0))) || 1;
  const height = items.length * ROW + 4;
  const plot = width - Math.max(VALUE_SPACE, Math.max(...items.map((item) => item.display.length)) * CHARACTER + 6);
  const maxLabel = Math.max(8, Math.min(48, Math.floor(width / CHARACTER)));
  const length = (value: number) => Math.max(value > 0 ? 2 : 0, (value / top) * plot);
  return (
    <figure className="bar-chart">
      <div ref={ref} className="bar-chart-area">
        <svg
          width={width}
          height={height}
          viewBox={`0 0 ${width} ${height}`}
          role="img"
          aria-labelledby={`${id}-title ${id}-desc`}
        >
          <title id={`${id}-title`}>{title}</title>
          <desc id={`${id}-desc`}>{summary}</desc>
          {items.map((item, index) => {
            const y = index * ROW;
            return (
              <g key={item.key} className="bar-chart-row">
                <text className="bar-chart-label" x={0} y={y + 11}>
                  {item.label.length > maxLabel ? `${item.label.slice(0, maxLabel - 1)}…` : item.label}
                </text>
                <rect className="bar-chart-track" x={0} y={y + LABEL_GAP} width={plot} height={BAR} rx={2} />
                {item.total !== undefined ? (
                  <rect
                    className="bar-chart-total"
                    x={0}
                    y={y + LABEL_GAP}
                    width={length(item.total)}
                    height={BAR}
                    rx={2}
                  />
                ) : null}
                <rect className="bar-chart-bar" x={0} y={y + LABEL_GAP} width={length(item.value)} height={BAR} rx={2}>
                  <title>{item.tooltip ?? `${item.label}: ${item.display}`}</title>
                </rect>
                <text className="bar-chart-value" x={plot + 6} y={y + LABEL_GAP + BAR - 3}>
                  {item.display}
                </text>
              </g>
            );
          })}
        </svg>
      </div>
      <figcaption className="muted">
        {title}
        {series ? (
          <span className="bar-chart-legend">
            <span>
              <span className="bar-chart-swatch bar-chart-bar" aria-hidden="true" /> {series.value}
            </span>
            <span>
              <span className="bar-chart-swatch bar-chart-total" aria-hidden="true" /> {series.total}
            </span>
          </span>
        ) : null}
      </figcaption>
    </figure>
  );
}
