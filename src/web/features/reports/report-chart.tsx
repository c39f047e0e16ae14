import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ReportChartProps {
  /** What the chart shows, for the figure's caption (the chart itself is hidden from readers). */
  title: string;
  /** One label per point ("Jun 2027"). */
  labels: readonly string[];
  values: readonly number[];
  /** How an axis value reads ("45%", "₱2,000"). */
  format: (value: number) => string;
}

/** Room beside a y-axis label for its tick and gap (uPlot's own axis spacing). */
const AXIS_PADDING = 28;
/** uPlot's default axis font, set here so the measure and the drawing agree. */
const AXIS_FONT = '12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
const HEIGHT = 200;

/**
 * Decision 0025: one figure over time as a uPlot chart. A canvas says nothing to a screen reader,
 * so the chart is aria-hidden and the page puts the same numbers in a table beside it. uPlot is
 * imported here only, and this file only by the reports page, so no other page downloads it.
 */
export function ReportChart({ title, labels, values, format }: ReportChartProps) {
  const box = useRef<HTMLDivElement>(null);
  // The chart is drawn again only when its numbers change, not on every render of the page.
  const latest = useRef({ labels, values, format });
  latest.current = { labels, values, format };
  const signature = `${title}\n${labels.join('|')}\n${values.join('|')}`;

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const { labels, values, format } = latest.current;
    const styles = getComputedStyle(element);
    const stroke = styles.getPropertyValue('--color-primary').trim() || '#0f766e';
    const text = styles.color || '#334155';
    const width = Math.max(element.clientWidth, 240);
    const chart = new uPlot(
      {
        width,
        height: HEIGHT,
        legend: { show: false },
        cursor: { show: false },
        scales: { x: { time: false } },
        axes: [
          {
            stroke: text,
            values: (_u, splits) => splits.map((i) => labels[i] ?? ''),
            splits: () => labels.map((_, i) => i),
          },
          {
            stroke: text,
            // As wide as its longest label (₱12,500.00 needs more room than 10.0%), measured
            // in the axis font, so no figure is cut at the chart's edge.
            size: (self, labels) => {
              const ctx = self.ctx;
              ctx.save();
              ctx.font = AXIS_FONT;
              const widest = Math.max(40, ...(labels ?? []).map((l) => ctx.measureText(l).width));
              ctx.restore();
              return Math.ceil(widest + AXIS_PADDING);
            },
            font: AXIS_FONT,
            values: (_u, splits) => splits.map(format),
          },
        ],
        series: [
          {},
          {
            label: title,
            stroke,
            width: 2,
            fill: `${stroke}22`,
            points: { show: true, size: 6 },
          },
        ],
      },
      [labels.map((_, i) => i), [...values]],
      element,
    );
    const resize = new ResizeObserver(() => {
      chart.setSize({ width: Math.max(element.clientWidth, 240), height: HEIGHT });
    });
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [signature, title]);

  return (
    <div
      ref={box}
      aria-hidden="true"
      className="w-full min-w-0 overflow-hidden"
      data-chart={title}
    />
  );
}
