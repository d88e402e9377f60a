import * as asciichart from "asciichart";

export interface SeriesPoint {
  ts: number;
  value: number;
}

/** A small terminal line chart of one series, with its first and last bucket dates underneath. */
export function renderSeriesChart(points: readonly SeriesPoint[], title: string): string {
  if (points.length === 0) return `${title}: no data`;
  const values = points.map((point) => point.value);
  const plot = asciichart.plot(values, {
    height: 8,
    format: (value: number) => value.toFixed(0).padStart(8),
  });
  const first = new Date(points[0].ts).toISOString().slice(0, 10);
  const last = new Date(points[points.length - 1].ts).toISOString().slice(0, 10);
  return `${title}\n${plot}\n${" ".repeat(10)}${first} … ${last} (${points.length} buckets)`;
}
