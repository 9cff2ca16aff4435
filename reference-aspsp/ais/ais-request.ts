import type { ApiVersion, VersionProfile } from '../../spec/lib/index.ts';
import { loadPsuData } from '../data/psu-record.ts';
import type { PsuData } from '../data/psu-data.ts';
import { ApiError } from '../server/api-error.ts';
import type { Choices } from '../choices/index.ts';
import type { FaultSet } from '../faults/catalogue.ts';
import type { IncomingHttpHeaders } from 'node:http';
import type { BearerContext } from '../server/request-context.ts';
import type { BearerRoute, RouteResponse } from '../server/route.ts';
import { findItem, type AccountItem } from './account-catalogue.ts';
import { accessRefusal } from './access.ts';
import type { AisFunction, Consent } from './consent.ts';
import { getConsent } from './consent-store.ts';
import { consumeBatchAccess, dailyBatchAccesses, type QuotaResource } from './quota.ts';
import { parisDay, parisInstant } from '../../spec/lib/index.ts';
import { addDays } from '../../spec/lib/index.ts';

/** What every AIS handler works from: the PSU's data, its consent to this AISP, version and time. */
export interface AisRequest {
  readonly data: PsuData;
  /** Undefined before the first PUT /consents of this AISP for this PSU. */
  readonly consent: Consent | undefined;
  readonly version: ApiVersion;
  /** What the version offers. */
  readonly profile: VersionProfile;
  /** The PSU's current time (its clock, with its sandbox offset). */
  readonly now: Date;
  /** The active faults, resolved once from the bearer context (docs/contracts.md §12). */
  readonly faults: FaultSet;
  /** The bank's choices where the seed is silent (choices/index.ts). */
  readonly choices: Choices;
}

/** Loads the {@link AisRequest} of a bearer call; a PSU without data has no eligible account (NAAC). */
export async function loadAisRequest(ctx: BearerContext): Promise<AisRequest> {
  const psu = {
    institution: ctx.institution.code,
    psuId: ctx.auth.psuId,
    clientId: ctx.choices.of('CNS-PER-TPP')(ctx.auth.clientId),
  };
  const [data, consent] = await Promise.all([
    loadPsuData(ctx.store, psu.institution, psu.psuId),
    getConsent(ctx.store, psu),
  ]);
  if (data === undefined) throw new ApiError('NAAC', { detail: `no data for PSU ${psu.psuId}` });
  return {
    data,
    consent,
    version: ctx.version,
    profile: ctx.profile,
    now: ctx.now(),
    faults: ctx.faults,
    choices: ctx.choices,
  };
}

/**
 * A read of the AIS API: `GET` on `path`, a bearer route of role `aisp`, whose `handle` starts from
 * the {@link AisRequest} (the opening every account resource shares).
 */
export function aisReadRoute(declaration: {
  readonly path: string;
  readonly versions: readonly ApiVersion[];
  handle(ctx: BearerContext, request: AisRequest): Promise<RouteResponse>;
}): BearerRoute {
  return {
    method: 'GET',
    path: declaration.path,
    versions: declaration.versions,
    auth: 'bearer',
    role: 'aisp',
    async handler(ctx) {
      return declaration.handle(ctx, await loadAisRequest(ctx));
    },
  };
}

/**
 * Counts a batch access to `resource` (per account or card, per page) and refuses the fifth of the
 * PSU's Paris day with TMRQ (seed: Limits). Calls with PSU-IP-Address are not counted.
 */
export async function countAccess(
  ctx: BearerContext,
  request: AisRequest,
  access: { resource: QuotaResource; resourceId?: string; page?: number },
): Promise<void> {
  const page = ctx.choices.of('QTA-PAGINATION-NOT-COUNTED')(access.page ?? 1);
  if (page === 'not-counted') return;
  const allowed = await consumeBatchAccess(
    ctx.store,
    {
      institution: ctx.institution.code,
      psuId: ctx.auth.psuId,
      clientId: ctx.choices.of('QTA-PER-TPP')(ctx.auth.clientId),
      resource: access.resource,
      resourceId: access.resourceId,
      page,
      now: request.now,
    },
    {
      connected: ctx.choices.of('QTA-EMPTY-PSU-IP-IS-BATCH')(psuIpAddressHeader(ctx.headers)),
      faults: request.faults,
      dayOf: ctx.choices.of('QTA-PARIS-DAY'),
    },
  );
  if (!allowed) {
    const day = parisDay(request.now);
    const explain = ctx.choices.of('QTA-TMRQ-EXPLAINED-IN-SANDBOX');
    throw new ApiError('TMRQ', {
      detail: `daily batch quota of ${access.resource} exceeded`,
      expected: explain({
        quotaLeft: 0,
        dailyBatchAccesses,
        countedPer: `PSU, ${access.resource}${access.resourceId === undefined ? '' : ` ${access.resourceId}`}, page ${access.page ?? 1}, Paris day ${day}`,
        resetsAt: parisInstant(addDays(day, 1), 0, 0).toISOString(),
        withoutQuota: 'send PSU-IP-Address when the PSU is connected: such calls are not counted',
      }),
    });
  }
}

/**
 * The account or card of `{accountResourceId}` when the call for `fn` is allowed, else the refusal
 * of {@link accessRefusal} (AC01, NGAC, AC04, AC06, CDNA).
 */
export function requireItem(ctx: BearerContext, request: AisRequest, fn: AisFunction): AccountItem {
  const item = findItem(request.data, ctx.params.accountResourceId ?? '', request.profile);
  const refusal = accessRefusal(request, item, fn);
  if (refusal !== undefined || item === undefined) throw new ApiError(refusal ?? 'AC01');
  return item;
}

/** The PSU-IP-Address header as received (empty when sent empty), undefined when not sent. */
function psuIpAddressHeader(headers: IncomingHttpHeaders): string | undefined {
  const value = headers['psu-ip-address'];
  return typeof value === 'string' ? value : undefined;
}
