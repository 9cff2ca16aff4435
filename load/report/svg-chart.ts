/**
 * Charts as inline SVG drawn from the report's numbers (no script, no external file): a line chart of
 * series over time and a grouped bar chart.
 */
import { escapeMarkup } from '../../harness/report/markup-escape.ts';

const width = 720;
const height = 240;
const pad = { left: 56, right: 16, top: 16, bottom: 36 };
const colours = ['#1f6feb', '#d1242f', '#8250df', '#1a7f37', '#bf8700'];

/** A named series of values. */
export interface Series {
  name: string;
  values: number[];
}

/** A line chart; `x` labels the points, `unit` the y axis. */
export function lineChart(options: { title: string; x: string[]; series: Series[]; unit: string }): string {
  const max = niceMax(Math.max(0, ...options.series.flatMap((s) => s.values)));
  const n = Math.max(1, options.x.length - 1);
  const px = (i: number): number => pad.left + (i / n) * (width - pad.left - pad.right);
  const py = (v: number): number => height - pad.bottom - (v / max) * (height - pad.top - pad.bottom);
  const lines = options.series.map((s, k) => {
    const points = s.values.map((v, i) => `${px(i).toFixed(1)},${py(v).toFixed(1)}`).join(' ');
    return `<polyline fill="none" stroke="${colours[k % colours.length] ?? '#000'}" stroke-width="2" points="${points}"><title>${escapeMarkup(s.name)}</title></polyline>`;
  });
  const xLabels = options.x
    .map((label, i) => ({ label, i }))
    .filter(({ i }) => options.x.length <= 12 || i % Math.ceil(options.x.length / 12) === 0)
    .map(
      ({ label, i }) =>
        `<text x="${px(i).toFixed(1)}" y="${height - pad.bottom + 16}" text-anchor="middle">${escapeMarkup(label)}</text>`,
    );
  return frame(
    options.title,
    max,
    options.unit,
    [...lines, ...xLabels],
    legend(options.series.map((s) => s.name)),
  );
}

/** Bars per group (an endpoint), one per series (p50, p95, p99…). */
export function barChart(options: {
  title: string;
  groups: string[];
  series: Series[];
  unit: string;
}): string {
  const max = niceMax(Math.max(0, ...options.series.flatMap((s) => s.values)));
  const plotWidth = width - pad.left - pad.right;
  const groupWidth = plotWidth / Math.max(1, options.groups.length);
  const barWidth = (groupWidth * 0.8) / Math.max(1, options.series.length);
  const py = (v: number): number => height - pad.bottom - (v / max) * (height - pad.top - pad.bottom);
  const bars = options.groups.flatMap((group, g) =>
    options.series.map((s, k) => {
      const value = s.values[g] ?? 0;
      const x = pad.left + g * groupWidth + groupWidth * 0.1 + k * barWidth;
      const y = py(value);
      return `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${barWidth.toFixed(1)}" height="${(height - pad.bottom - y).toFixed(1)}" fill="${colours[k % colours.length] ?? '#000'}"><title>${escapeMarkup(`${group} ${s.name}: ${value.toFixed(1)} ${options.unit}`)}</title></rect>`;
    }),
  );
  const labels = options.groups.map(
    (_group, g) =>
      `<text x="${(pad.left + g * groupWidth + groupWidth / 2).toFixed(1)}" y="${height - pad.bottom + 16}" text-anchor="middle">${escapeMarkup(String(g + 1))}</text>`,
  );
  return frame(
    options.title,
    max,
    options.unit,
    [...bars, ...labels],
    legend(options.series.map((s) => s.name)),
  );
}

function frame(title: string, max: number, unit: string, body: string[], legendSvg: string): string {
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => {
    const y = height - pad.bottom - f * (height - pad.top - pad.bottom);
    return `<line x1="${pad.left}" x2="${width - pad.right}" y1="${y.toFixed(1)}" y2="${y.toFixed(1)}" stroke="#ddd"/><text x="${pad.left - 6}" y="${(y + 4).toFixed(1)}" text-anchor="end">${formatTick(max * f)}</text>`;
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height + 20}" width="${width}" height="${height + 20}" role="img" aria-label="${escapeMarkup(title)}" font-family="sans-serif" font-size="11">`,
    `<title>${escapeMarkup(title)}</title>`,
    ...ticks,
    `<text x="8" y="${pad.top}" font-size="11">${escapeMarkup(unit)}</text>`,
    ...body,
    legendSvg,
    '</svg>',
  ].join('');
}

function legend(names: string[]): string {
  return names
    .map(
      (name, k) =>
        `<rect x="${pad.left + k * 110}" y="${height + 4}" width="10" height="10" fill="${colours[k % colours.length] ?? '#000'}"/><text x="${pad.left + k * 110 + 14}" y="${height + 13}">${escapeMarkup(name)}</text>`,
    )
    .join('');
}

function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((s) => s * power >= value) ?? 10;
  return step * power;
}

function formatTick(value: number): string {
  return value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2);
}
