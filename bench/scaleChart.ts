/**
 * bench/scale.svg: figure 6 as three line charts side by side against the number of resources: wall time, wall
 * time with the engine's intermediate checkpoints skipped, and the provider process's peak memory; one line per
 * operation, ours solid, the no-op control dashed. Plain SVG written from the numbers, no chart library.
 */
import {
  scaleOperations,
  type ScaleOperation,
  type ScaleResult,
  type ScaleSample,
  type ScaleSeries,
} from "./figures/scale";

const panelWidth = 360;
const panelHeight = 240;
const margin = { left: 56, right: 16, top: 36, bottom: 44 };
const colors: Record<ScaleOperation, string> = { up: "#1f77b4", refresh: "#2ca02c", destroy: "#d62728" };

interface Panel {
  readonly title: string;
  readonly unit: string;
  readonly value: (sample: ScaleSample) => number;
  /** The measurements the panel draws. */
  readonly series: { readonly ours: ScaleSeries; readonly control: ScaleSeries };
}

export function renderScaleChart(result: ScaleResult): string {
  const seconds = (sample: ScaleSample) => sample.ms / 1000;
  const panels: Panel[] = [
    { title: "Wall time", unit: "s", value: seconds, series: result },
    { title: "Wall time, checkpoints skipped", unit: "s", value: seconds, series: result.withoutCheckpoints },
    {
      title: "Provider peak memory (VmHWM)",
      unit: "MB",
      value: (sample) => sample.providerPeakKb / 1024,
      series: result,
    },
  ];
  const width = panels.length * panelWidth;
  const height = panelHeight + 28;
  const body = panels.map((panel, i) => renderPanel(panel, i * panelWidth)).join("\n");
  const y = panelHeight + 16;
  const legend = [
    ...scaleOperations.map((operation, i) => {
      const x = margin.left + i * 110;
      return (
        `<line x1="${x}" y1="${y - 4}" x2="${x + 24}" y2="${y - 4}" stroke="${colors[operation]}" stroke-width="2"/>` +
        `<text x="${x + 30}" y="${y}">pulumi ${operation}</text>`
      );
    }),
    `<line x1="${margin.left + 360}" y1="${y - 4}" x2="${margin.left + 384}" y2="${y - 4}" stroke="#555" ` +
      `stroke-width="2"/><text x="${margin.left + 390}" y="${y}">ours</text>`,
    `<line x1="${margin.left + 440}" y1="${y - 4}" x2="${margin.left + 464}" y2="${y - 4}" stroke="#555" ` +
      `stroke-width="2" stroke-dasharray="5,4"/><text x="${margin.left + 470}" y="${y}">no-op control</text>`,
  ].join("");
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ` +
      `font-family="sans-serif" font-size="11">`,
    `<rect width="${width}" height="${height}" fill="white"/>`,
    body,
    legend,
    "</svg>",
    "",
  ].join("\n");
}

function renderPanel(panel: Panel, offsetX: number): string {
  const both: ScaleSeries[] = [panel.series.ours, panel.series.control];
  const sizes = panel.series.ours.samples.up.map((sample) => sample.resources);
  const maxX = Math.max(...sizes);
  const maxY = niceCeiling(
    Math.max(
      ...both.flatMap((series) => scaleOperations.flatMap((op) => series.samples[op].map(panel.value))),
    ),
  );
  const plotWidth = panelWidth - margin.left - margin.right;
  const plotHeight = panelHeight - margin.top - margin.bottom;
  const x = (resources: number) => offsetX + margin.left + (resources / maxX) * plotWidth;
  const y = (value: number) => margin.top + plotHeight - (value / maxY) * plotHeight;
  const parts: string[] = [
    `<text x="${offsetX + margin.left}" y="20" font-size="13" font-weight="bold">${panel.title} (${panel.unit})</text>`,
  ];
  for (let i = 0; i <= 4; i++) {
    const value = (maxY * i) / 4;
    parts.push(
      `<line x1="${x(0)}" y1="${y(value)}" x2="${x(maxX)}" y2="${y(value)}" stroke="#ddd"/>`,
      `<text x="${x(0) - 6}" y="${y(value) + 4}" text-anchor="end">${formatTick(value)}</text>`,
    );
  }
  for (const resources of [0, ...sizes]) {
    parts.push(`<text x="${x(resources)}" y="${y(0) + 16}" text-anchor="middle">${resources}</text>`);
  }
  parts.push(
    `<text x="${x(maxX / 2)}" y="${y(0) + 32}" text-anchor="middle">resources</text>`,
    `<line x1="${x(0)}" y1="${y(0)}" x2="${x(maxX)}" y2="${y(0)}" stroke="#333"/>`,
    `<line x1="${x(0)}" y1="${y(0)}" x2="${x(0)}" y2="${y(maxY)}" stroke="#333"/>`,
  );
  for (const series of both) {
    const dash = series === panel.series.control ? ' stroke-dasharray="5,4"' : "";
    for (const operation of scaleOperations) {
      const samples = series.samples[operation];
      const points = samples.map((sample) => `${x(sample.resources)},${y(panel.value(sample))}`);
      parts.push(
        `<polyline points="${points.join(" ")}" fill="none" stroke="${colors[operation]}" stroke-width="2"${dash}/>`,
        ...samples.map(
          (sample) =>
            `<circle cx="${x(sample.resources)}" cy="${y(panel.value(sample))}" r="3" fill="${colors[operation]}"/>`,
        ),
      );
    }
  }
  return parts.join("\n");
}

/** The smallest 1, 2 or 5 times a power of ten at or above `value`, so the grid lines fall on round numbers. */
function niceCeiling(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  return ([1, 2, 5, 10].find((step) => step * power >= value) ?? 10) * power;
}

function formatTick(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}
