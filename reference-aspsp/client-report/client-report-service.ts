import { listClientRules } from '../../spec/lib/index.ts';
import type { Clock } from '../clock/clock.ts';
import { ClientObserver } from './client-observer.ts';
import { buildClientReport, type ClientReport } from './client-report.ts';

/** Options of the client report (`serve --client-report DIR`). */
export interface ClientReportOptions {
  /**
   * Called with each report produced (on `GET /sandbox/v1/client-report` and for every TPP when the
   * server stops): the CLI writes it as console, JUnit, JSON and HTML files.
   */
  readonly onReport?: (report: ClientReport) => Promise<void>;
}

/** The observer of every request and the producer of each TPP's client conformance report. */
export class ClientReportService {
  readonly observer = new ClientObserver();
  readonly #clock: Clock;
  readonly #onReport: ClientReportOptions['onReport'];

  constructor(clock: Clock, options: ClientReportOptions = {}) {
    this.#clock = clock;
    this.#onReport = options.onReport;
  }

  /** The report of one TPP now, judged over every request it made since the server started. */
  report(clientId: string): ClientReport {
    return buildClientReport({
      clientId,
      rules: listClientRules(),
      requests: this.observer.requestsOf(clientId),
      codeRedirect: (code) => this.observer.codeRedirect(code),
      now: this.#clock.now(),
    });
  }

  /** Builds the report of one TPP and hands it to `onReport`. */
  async publish(clientId: string): Promise<ClientReport> {
    const report = this.report(clientId);
    await this.#onReport?.(report);
    return report;
  }

  /** Publishes the report of every TPP seen (when the server stops). */
  async publishAll(): Promise<ClientReport[]> {
    const reports: ClientReport[] = [];
    for (const clientId of this.observer.clients()) reports.push(await this.publish(clientId));
    return reports;
  }
}
