/**
 * Charts as inline SVG drawn from the report's numbers (no script, no external file): a line chart of
 * series over time and a horizontal bar chart with its groups named. Every chart has a visible title,
 * labelled axes and a legend.
 */
import { escapeMarkup } from '../../harness/report/markup-escape.ts';

const width = 760;
const plotHeight = 200;
const pad = { left: 72, right: 16, top: 36, bottom: 52 };
const colours = ['#1f6feb', '#d1242f', '#8250df', '#1a7f37', '#bf8700', '#57606a'];

/** A named series of values. */
export interface Series {
  name: string;
  values: number[];
}

/** Options of {@link lineChart}. */
export interface LineChartOptions {
  title: string;
  /** Labels of the points (`0s`, `1s`…). */
  x: string[];
  xAxis: string;
  yAxis: string;
  series: Series[];
}

/** A line chart: one polyline per series over `x`. */
export function lineChart(options: LineChartOptions): string {
  const max = niceMax(Math.max(0, ...options.series.flatMap((s) => s.values)));
  const n = Math.max(1, options.x.length - 1);
  const bottom = pad.top + plotHeight;
  const px = (i: number): number => pad.left + (i / n) * (width - pad.left - pad.right);
  const py = (v: number): number => bottom - (v / max) * plotHeight;
  const lines = options.series.map((s, k) => {
    const points = s.values.map((v, i) => `${px(i).toFixed(1)},${py(v).toFixed(1)}`).join(' ');
    return `<polyline fill="none" stroke="${colour(k)}" stroke-width="2" points="${points}"><title>${escapeMarkup(s.name)}</title></polyline>`;
  });
  const xLabels = options.x
    .map((label, i) => ({ label, i }))
    .filter(({ i }) => options.x.length <= 12 || i % Math.ceil(options.x.length / 12) === 0)
    .map(
      ({ label, i }) =>
        `<text x="${px(i).toFixed(1)}" y="${bottom + 16}" text-anchor="middle">${escapeMarkup(label)}</text>`,
    );
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => {
    const y = bottom - f * plotHeight;
    return `<line x1="${pad.left}" x2="${width - pad.right}" y1="${y.toFixed(1)}" y2="${y.toFixed(1)}" stroke="#ddd"/><text x="${pad.left - 6}" y="${(y + 4).toFixed(1)}" text-anchor="end">${formatTick(max * f)}</text>`;
  });
  const height = bottom + pad.bottom + 20;
  return svg(options.title, height, [
    ...ticks,
    ...lines,
    ...xLabels,
    `<text class="axis" x="${((pad.left + width - pad.right) / 2).toFixed(1)}" y="${bottom + 36}" text-anchor="middle">${escapeMarkup(options.xAxis)}</text>`,
    `<text class="axis" transform="translate(16 ${(pad.top + plotHeight / 2).toFixed(1)}) rotate(-90)" text-anchor="middle">${escapeMarkup(options.yAxis)}</text>`,
    legend(
      options.series.map((s) => s.name),
      bottom + pad.bottom,
    ),
  ]);
}

/** Options of {@link barChart}. */
export interface BarChartOptions {
  title: string;
  /** The name of each group of bars, written beside it (an endpoint and its institution). */
  groups: string[];
  /** The value axis. */
  axis: string;
  unit: string;
  series: Series[];
}

/** Horizontal bars: one row per group, named at its left, one bar per series (p50, p95, p99…). */
export function barChart(options: BarChartOptions): string {
  const labelWidth = Math.round(
    Math.min(360, Math.max(120, 6.2 * Math.max(0, ...options.groups.map((g) => g.length)) + 12)),
  );
  const left = labelWidth + 8;
  const plotWidth = width - left - pad.right;
  const barHeight = 8;
  const rowHeight = Math.max(1, options.series.length) * barHeight + 10;
  const rows = Math.max(1, options.groups.length);
  const bottom = pad.top + rows * rowHeight;
  const max = niceMax(Math.max(0, ...options.series.flatMap((s) => s.values)));
  const px = (v: number): number => (v / max) * plotWidth;
  const grid = [0, 0.25, 0.5, 0.75, 1].map((f) => {
    const x = left + f * plotWidth;
    return `<line x1="${x.toFixed(1)}" x2="${x.toFixed(1)}" y1="${pad.top}" y2="${bottom}" stroke="#ddd"/><text x="${x.toFixed(1)}" y="${bottom + 16}" text-anchor="middle">${formatTick(max * f)}</text>`;
  });
  const body = options.groups.flatMap((group, g) => {
    const top = pad.top + g * rowHeight + 5;
    const label = group.length > 58 ? `${group.slice(0, 57)}…` : group;
    return [
      `<text x="${labelWidth}" y="${(top + (rowHeight - 10) / 2 + 4).toFixed(1)}" text-anchor="end">${escapeMarkup(label)}<title>${escapeMarkup(group)}</title></text>`,
      ...options.series.map((s, k) => {
        const value = s.values[g] ?? 0;
        return `<rect x="${left}" y="${top + k * barHeight}" width="${px(value).toFixed(1)}" height="${barHeight - 1}" fill="${colour(k)}"><title>${escapeMarkup(`${group} ${s.name}: ${value.toFixed(1)} ${options.unit}`)}</title></rect>`;
      }),
    ];
  });
  const height = bottom + pad.bottom + 20;
  return svg(options.title, height, [
    ...grid,
    ...body,
    `<text class="axis" x="${(left + plotWidth / 2).toFixed(1)}" y="${bottom + 36}" text-anchor="middle">${escapeMarkup(options.axis)}</text>`,
    legend(
      options.series.map((s) => s.name),
      bottom + pad.bottom,
    ),
  ]);
}

function svg(title: string, height: number, body: string[]): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${escapeMarkup(title)}" font-family="sans-serif" font-size="11">`,
    `<title>${escapeMarkup(title)}</title>`,
    `<text class="chart-title" x="${width / 2}" y="18" text-anchor="middle" font-size="14" font-weight="bold">${escapeMarkup(title)}</text>`,
    ...body,
    '</svg>',
  ].join('');
}

function legend(names: string[], y: number): string {
  // Each entry after the previous one's text (about 6.2 px a character at 11 px).
  let x = pad.left;
  return names
    .map((name, k) => {
      const entry = `<rect x="${Math.round(x)}" y="${y}" width="10" height="10" fill="${colour(k)}"/><text x="${Math.round(x) + 14}" y="${y + 9}">${escapeMarkup(name)}</text>`;
      x += 14 + 6.2 * name.length + 24;
      return entry;
    })
    .join('');
}

function colour(k: number): string {
  return colours[k % colours.length] ?? '#000';
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
