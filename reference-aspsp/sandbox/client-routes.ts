import type { ClientReportService } from '../client-report/client-report-service.ts';
import { readField } from '../data/read-field.ts';
import { ApiError } from '../server/api-error.ts';
import type { Domain } from '../server/domain.ts';
import { edgeBehaviourNames, type EdgeBehaviourName, type EdgeBehaviours } from './edge-behaviours.ts';
import { sandboxRoute } from './sandbox-request.ts';

/** What the TPP-facing sandbox routes work with. */
export interface ClientSandboxOptions {
  /** Absent when the server was started without `--client-report`. */
  readonly reports: ClientReportService | undefined;
  readonly edge: EdgeBehaviours;
}

/**
 * The sandbox routes about the calling TPP itself (docs/client-report.md): its client conformance
 * report and its edge behaviour switches. Each acts on the TPP of the client certificate only.
 */
export function clientSandboxDomain(options: ClientSandboxOptions): Domain {
  const { reports, edge } = options;
  return {
    name: 'sandbox-client',
    routes: [
      sandboxRoute({
        method: 'GET',
        path: '/client-report',
        async handler(ctx) {
          if (reports === undefined)
            throw new ApiError('RESOURCE_UNKNOWN', {
              detail: 'the client report is off: start the server with serve --client-report DIR',
            });
          return { status: 200, json: await reports.publish(ctx.tpp.clientId) };
        },
      }),
      sandboxRoute({
        method: 'GET',
        path: '/edge-behaviours',
        async handler(ctx) {
          return { status: 200, json: { behaviours: edge.list(ctx.tpp.clientId) } };
        },
      }),
      sandboxRoute({
        method: 'POST',
        path: '/edge-behaviours',
        body: 'json',
        async handler(ctx) {
          const body = parseEdgeBody(ctx.body);
          if (typeof body === 'string') throw new ApiError('FF01', { detail: body });
          return { status: 201, json: edge.set(ctx.tpp.clientId, body) };
        },
      }),
      sandboxRoute({
        method: 'POST',
        path: '/edge-behaviours/reset',
        async handler(ctx) {
          edge.clear(ctx.tpp.clientId);
          return { status: 204 };
        },
      }),
    ],
  };
}

/** Parses `{"behaviour": "<name>", "calls"?: n, "pageSize"?: n}`; a string says what is wrong. */
export function parseEdgeBody(
  value: unknown,
): { name: EdgeBehaviourName; calls?: number; pageSize?: number } | string {
  const expected = `expected {"behaviour": one of ${edgeBehaviourNames.join(', ')}, "calls"?: 1-1000, "pageSize"?: 1-200}`;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return expected;
  if (Object.keys(value).some((key) => !['behaviour', 'calls', 'pageSize'].includes(key))) return expected;
  const name = edgeBehaviourNames.find((n) => n === readField(value, 'behaviour'));
  if (name === undefined) return expected;
  const calls = readField(value, 'calls');
  const pageSize = readField(value, 'pageSize');
  const bounded = (n: unknown, max: number): n is number | undefined =>
    n === undefined || (typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= max);
  if (!bounded(calls, 1000) || !bounded(pageSize, 200)) return expected;
  return {
    name,
    ...(calls === undefined ? {} : { calls }),
    ...(pageSize === undefined ? {} : { pageSize }),
  };
}
