/**
 * The result of a load run, as data: what ran, KPIs per endpoint and institution, the timeline,
 * thresholds with their verdicts and findings with their rules. `load-report.json` is this object.
 */
import type { EndpointKpi, Kpi, TimelinePoint } from './kpi-recorder.ts';
import type { LoadFinding } from './load-finding.ts';

/** One scenario at one institution, as it ran. */
export interface LoadPartReport {
  scenario: string;
  role: string;
  institution: string;
  host: string;
  version: string;
  connections: number;
  /** Arrival rate (requests per second), undefined for as fast as the connections go. */
  rate: number | undefined;
  /** Virtual PSUs set up (sandbox clones, or the persona itself). */
  psus: number;
}

/** A threshold and its verdict. */
export interface ThresholdReport {
  threshold: string;
  endpoint: string | undefined;
  passed: boolean;
  actual: number | undefined;
  message: string;
}

/** A whole load run. */
export interface LoadReport {
  tool: { name: string; version: string };
  target: { name: string; baseUrl: string };
  scenario: { name: string; title: string };
  startedAt: string;
  finishedAt: string;
  /** Measured period: after the warm-up. */
  durationMs: number;
  /** The warm-up before it: its answers were judged but are not in the figures. */
  warmUp: { durationMs: number; answers: number };
  parts: LoadPartReport[];
  total: Kpi;
  endpoints: EndpointKpi[];
  timeline: TimelinePoint[];
  thresholds: ThresholdReport[];
  findings: LoadFinding[];
  /** `failed` when a threshold is broken or a finding was made. */
  verdict: 'passed' | 'failed';
}
