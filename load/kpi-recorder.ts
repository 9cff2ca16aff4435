/**
 * Per-endpoint and per-institution KPIs of a load run: requests, availability (share of non-5xx
 * answers), latency percentiles, throughput, statuses and STET codes, quota refusals apart from
 * failures; and a per-second timeline for the charts.
 */
import { LatencySamples, type LatencySummary } from './latency-samples.ts';

/** How one answer counts. */
export type AnswerOutcome = 'ok' | 'quota-refusal' | 'failure';

/**
 * Whose traffic a call is: `batch` when sent without PSU-IP-Address (the TPP alone, quotas apply),
 * `psu-present` with it (the PSU is connected).
 */
export type TrafficKind = 'batch' | 'psu-present';

/** One answer (or a request that got none: status 0). */
export interface AnswerRecord {
  institution: string;
  endpoint: string;
  traffic: TrafficKind;
  status: number;
  code: string | undefined;
  latencyMs: number;
  outcome: AnswerOutcome;
  /** When the request was sent, in milliseconds since the measured period started (negative: warm-up). */
  atMs: number;
}

/** KPIs of a group of requests. */
export interface Kpi {
  requests: number;
  ok: number;
  quotaRefusals: number;
  failures: number;
  serverErrors: number;
  /** Share of answers that are not 5xx (nor missing). */
  availability: number;
  latency: LatencySummary;
  /** Answers per second over the measured duration. */
  throughput: number;
  statuses: Record<string, number>;
  codes: Record<string, number>;
}

/** KPIs of one endpoint at one institution. */
export interface EndpointKpi extends Kpi {
  endpoint: string;
  institution: string;
}

/** One second of the run. */
export interface TimelinePoint {
  second: number;
  requests: number;
  failures: number;
  /** 429 answers (quota refusals of batch calls, and any other 429). */
  tooMany: number;
  p50: number;
  p95: number;
  /** Answers to calls without PSU-IP-Address, and their p95. */
  batch: { requests: number; p95: number };
  /** Answers to calls with PSU-IP-Address, and their p95. */
  psuPresent: { requests: number; p95: number };
}

interface Second {
  requests: number;
  failures: number;
  tooMany: number;
  samples: LatencySamples;
  batch: LatencySamples;
  psuPresent: LatencySamples;
}

class Group {
  readonly samples = new LatencySamples();
  ok = 0;
  quotaRefusals = 0;
  failures = 0;
  serverErrors = 0;
  readonly statuses = new Map<string, number>();
  readonly codes = new Map<string, number>();

  add(r: AnswerRecord): void {
    this.samples.add(r.latencyMs);
    if (r.outcome === 'ok') this.ok += 1;
    else if (r.outcome === 'quota-refusal') this.quotaRefusals += 1;
    else this.failures += 1;
    if (r.status >= 500 || r.status === 0) this.serverErrors += 1;
    const status = r.status === 0 ? 'no answer' : String(r.status);
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
    if (r.code !== undefined) this.codes.set(r.code, (this.codes.get(r.code) ?? 0) + 1);
  }

  kpi(durationMs: number): Kpi {
    const requests = this.samples.count;
    return {
      requests,
      ok: this.ok,
      quotaRefusals: this.quotaRefusals,
      failures: this.failures,
      serverErrors: this.serverErrors,
      availability: requests === 0 ? 1 : 1 - this.serverErrors / requests,
      latency: this.samples.summary(),
      throughput: durationMs <= 0 ? 0 : requests / (durationMs / 1000),
      statuses: Object.fromEntries([...this.statuses].sort()),
      codes: Object.fromEntries([...this.codes].sort()),
    };
  }
}

/** Accumulates answers while the load runs. */
export class KpiRecorder {
  readonly #total = new Group();
  readonly #endpoints = new Map<string, { endpoint: string; institution: string; group: Group }>();
  readonly #seconds: Second[] = [];

  /** Answers of the warm-up, left out of every figure. */
  warmUpAnswers = 0;

  /** Counts one answer; one before the measured period (`atMs` < 0) only as a warm-up answer. */
  record(r: AnswerRecord): void {
    if (r.atMs < 0) {
      this.warmUpAnswers += 1;
      return;
    }
    this.#total.add(r);
    const key = `${r.institution} ${r.endpoint}`;
    let entry = this.#endpoints.get(key);
    if (entry === undefined) {
      entry = { endpoint: r.endpoint, institution: r.institution, group: new Group() };
      this.#endpoints.set(key, entry);
    }
    entry.group.add(r);
    const second = Math.max(0, Math.floor(r.atMs / 1000));
    while (this.#seconds.length <= second)
      this.#seconds.push({
        requests: 0,
        failures: 0,
        tooMany: 0,
        samples: new LatencySamples(),
        batch: new LatencySamples(),
        psuPresent: new LatencySamples(),
      });
    const bucket = this.#seconds[second];
    if (bucket !== undefined) {
      bucket.requests += 1;
      if (r.outcome === 'failure') bucket.failures += 1;
      if (r.status === 429) bucket.tooMany += 1;
      bucket.samples.add(r.latencyMs);
      (r.traffic === 'batch' ? bucket.batch : bucket.psuPresent).add(r.latencyMs);
    }
  }

  /** Answers so far (the progress line). */
  get requests(): number {
    return this.#total.samples.count;
  }

  /** Failures so far. */
  get failures(): number {
    return this.#total.failures;
  }

  /** Quota refusals so far. */
  get quotaRefusals(): number {
    return this.#total.quotaRefusals;
  }

  /** Latency of the last full second, for the progress line. */
  lastSecond(nowMs: number): { requests: number; p95: number } {
    const bucket = this.#seconds[Math.floor(nowMs / 1000) - 1];
    return bucket === undefined
      ? { requests: 0, p95: 0 }
      : { requests: bucket.requests, p95: bucket.samples.summary().p95 };
  }

  /** The whole run's KPIs. */
  total(durationMs: number): Kpi {
    return this.#total.kpi(durationMs);
  }

  /** KPIs per endpoint and institution, by endpoint then institution. */
  endpoints(durationMs: number): EndpointKpi[] {
    return [...this.#endpoints.values()]
      .map((e) => ({ endpoint: e.endpoint, institution: e.institution, ...e.group.kpi(durationMs) }))
      .sort((a, b) => a.endpoint.localeCompare(b.endpoint) || a.institution.localeCompare(b.institution));
  }

  /** KPIs of one endpoint over every institution (endpoint-scoped thresholds). */
  endpoint(label: string, durationMs: number): Kpi | undefined {
    const merged = new Group();
    let found = false;
    for (const e of this.#endpoints.values()) {
      if (e.endpoint !== label) continue;
      found = true;
      mergeInto(merged, e.group);
    }
    return found ? merged.kpi(durationMs) : undefined;
  }

  /** Per-second requests, failures, 429s and latency, batch and PSU-present traffic apart. */
  timeline(): TimelinePoint[] {
    return this.#seconds.map((b, second) => {
      const s = b.samples.summary();
      return {
        second,
        requests: b.requests,
        failures: b.failures,
        tooMany: b.tooMany,
        p50: s.p50,
        p95: s.p95,
        batch: { requests: b.batch.count, p95: b.batch.summary().p95 },
        psuPresent: { requests: b.psuPresent.count, p95: b.psuPresent.summary().p95 },
      };
    });
  }
}

function mergeInto(target: Group, source: Group): void {
  target.ok += source.ok;
  target.quotaRefusals += source.quotaRefusals;
  target.failures += source.failures;
  target.serverErrors += source.serverErrors;
  for (const [k, v] of source.statuses) target.statuses.set(k, (target.statuses.get(k) ?? 0) + v);
  for (const [k, v] of source.codes) target.codes.set(k, (target.codes.get(k) ?? 0) + v);
  source.samples.forEach((ms) => target.samples.add(ms));
}
