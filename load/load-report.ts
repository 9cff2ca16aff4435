/**
 * The result of a load run, as data: what ran, KPIs per endpoint and institution, the timeline,
 * thresholds with their verdicts and findings with their rules. `load-report.json` is this object.
 */
import type { EndpointKpi, Kpi, TimelinePoint } from './kpi-recorder.ts';
import type { LoadFinding } from './load-finding.ts';
import type { Stage } from './stage-plan.ts';

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
  /** Ramping stages followed instead of a constant rate. */
  stages?: Stage[];
  /** Measured period of this part (its stages' length, or the run's duration). */
  durationMs: number;
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
  /** With `--abort-on-fail`: when and on which threshold the load was stopped. */
  aborted?: { atMs: number; threshold: string; message: string };
  parts: LoadPartReport[];
  total: Kpi;
  endpoints: EndpointKpi[];
  timeline: TimelinePoint[];
  thresholds: ThresholdReport[];
  findings: LoadFinding[];
  /** `failed` when a threshold is broken, the run was aborted or a finding was made. */
  verdict: 'passed' | 'failed';
}
