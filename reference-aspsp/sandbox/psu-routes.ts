import { createPsu } from '../data/create-psu.ts';
import { findPersona, personaTemplates } from '../data/load-personas.ts';
import { putPsuRecord } from '../data/psu-record.ts';
import { templateIdentifier } from '../data/seed-personas.ts';
import { deletePsuConsents } from '../ais/consent-store.ts';
import { deletePsuQuotas } from '../ais/quota.ts';
import { tokenService } from '../oauth/token-service.ts';
import { ApiError } from '../server/api-error.ts';
import type { CertificateRoute } from '../server/route.ts';
import { withinClockRange } from './clock-range.ts';
import { parseClockBody, parseClonePsuBody, parseRevokeTokenBody } from './sandbox-bodies.ts';
import { requireOwnPsu, requirePsuView, sandboxRoute } from './sandbox-request.ts';

/** The one-time password of every persona in sandbox mode (docs/contracts.md §6). */
export const sandboxOtp = '12345678';

/** `GET /sandbox/v1/personas`: the templates of this institution with their identifier here. */
export const personasRoute: CertificateRoute = sandboxRoute({
  method: 'GET',
  path: '/personas',
  async handler(ctx) {
    const personas = personaTemplates()
      .filter((template) => template.institutions.includes(ctx.institution.code))
      .map((template) => ({
        name: template.name,
        identifier: templateIdentifier(template, ctx.institution),
        description: template.description,
      }));
    return { status: 200, json: { personas } };
  },
});

/**
 * `POST /sandbox/v1/psus` `{"persona", "at"?}`: a fresh PSU cloned from the persona at this
 * institution; with `at`, its clock starts there and its data are generated as of that instant.
 */
export const clonePsuRoute: CertificateRoute = sandboxRoute({
  method: 'POST',
  path: '/psus',
  body: 'json',
  async handler(ctx) {
    const body = parseClonePsuBody(ctx.body);
    if (body === undefined)
      throw new ApiError('FF01', {
        detail: 'expected {"persona": "<name>"} and optionally "at": "<ISO instant>"',
      });
    const template = findPersona(body.persona);
    if (template === undefined) throw new ApiError('FF01', { detail: `unknown persona ${body.persona}` });
    const created = await ctx.store.transaction((tx) =>
      createPsu(tx, {
        template,
        institution: ctx.institution,
        clock: ctx.clock,
        owner: ctx.tpp.clientId,
        at: body.at,
      }),
    );
    return {
      status: 201,
      json: {
        psuId: created.psuId,
        identifier: created.identifier,
        otp: sandboxOtp,
        persona: created.persona,
      },
    };
  },
});

/**
 * `POST /sandbox/v1/psus/{psuId}/reset`: the PSU back to its initial state — no consent, no token, no
 * quota used, no clock offset, data regenerated for the base clock's now without sandbox changes.
 */
export const resetPsuRoute: CertificateRoute = sandboxRoute({
  method: 'POST',
  path: '/psus/{psuId}/reset',
  async handler(ctx) {
    const entry = await requireOwnPsu(ctx);
    const psu = { institution: ctx.institution.code, psuId: entry.psuId };
    await ctx.store.transaction(async (tx) => {
      await deletePsuConsents(tx, psu.institution, psu.psuId);
      // The day's batch accesses: forgotten too, or kept (choice QTA-SANDBOX-RESET-FORGETS).
      await ctx.choices.of('QTA-SANDBOX-RESET-FORGETS')(() =>
        deletePsuQuotas(tx, psu.institution, psu.psuId),
      );
      await tokenService.revokePsu(tx, psu);
      await ctx.clock.resetPsu(tx, psu);
      const now = await ctx.clock.psuNow(tx, psu);
      await putPsuRecord(tx, {
        ...psu,
        persona: entry.persona,
        anchor: now.toISOString(),
        states: {},
        bookings: {},
        cardDebits: {},
      });
    });
    return { status: 204 };
  },
});

/** `POST /sandbox/v1/psus/{psuId}/clock` `{"travel"}` or `{"at"}`: moves this PSU's clock only. */
export const psuClockRoute: CertificateRoute = sandboxRoute({
  method: 'POST',
  path: '/psus/{psuId}/clock',
  body: 'json',
  async handler(ctx) {
    const entry = await requireOwnPsu(ctx);
    const body = parseClockBody(ctx.body);
    if (body === undefined) {
      throw new ApiError('FF01', {
        detail: 'expected {"travel": "<ISO duration>"} or {"at": "<ISO instant>"}',
      });
    }
    const psu = { institution: ctx.institution.code, psuId: entry.psuId };
    const now = await ctx.store.transaction(async (tx) => {
      const base = ctx.clock.now().getTime();
      const target =
        'at' in body ? body.at.getTime() : base + (await ctx.clock.psuOffset(tx, psu)) + body.travelMs;
      if (!withinClockRange(target, base))
        throw new ApiError('FF01', { detail: 'the PSU clock may move at most 100 years from now' });
      return 'at' in body ? ctx.clock.setPsuTime(tx, psu, body.at) : ctx.clock.travel(tx, psu, body.travelMs);
    });
    return { status: 200, json: { now: now.toISOString() } };
  },
});

/**
 * `POST /sandbox/v1/psus/{psuId}/revoke-tokens`: revokes every token of a PSU the caller cloned; on a
 * persona template, only the caller's own tokens (other TPPs' sessions with the template are theirs).
 */
export const revokeTokensRoute: CertificateRoute = sandboxRoute({
  method: 'POST',
  path: '/psus/{psuId}/revoke-tokens',
  async handler(ctx) {
    const { entry, template } = await requirePsuView(ctx);
    const client = template ? ctx.tpp.clientId : undefined;
    await ctx.store.transaction((tx) =>
      tokenService.revokePsu(tx, { institution: ctx.institution.code, psuId: entry.psuId, clientId: client }),
    );
    return { status: 204 };
  },
});

/**
 * `POST /sandbox/v1/psus/{psuId}/revoke-token` `{"token": "access" | "refresh"}`: revokes that token
 * of the calling TPP's current set(s) for the PSU, through the token service, so the seed's "revoking
 * one revokes the other" (Tokens) is what a case then observes on the token left.
 */
export const revokeTokenRoute: CertificateRoute = sandboxRoute({
  method: 'POST',
  path: '/psus/{psuId}/revoke-token',
  body: 'json',
  async handler(ctx) {
    // Only the caller's own sets are touched, so a template is fine too.
    const { entry } = await requirePsuView(ctx);
    const body = parseRevokeTokenBody(ctx.body);
    if (body === undefined)
      throw new ApiError('FF01', { detail: 'expected {"token": "access" | "refresh"}' });
    await ctx.store.transaction((tx) =>
      tokenService.revokePsuToken(tx, {
        institution: ctx.institution.code,
        psuId: entry.psuId,
        clientId: ctx.tpp.clientId,
        kind: body.token,
      }),
    );
    return { status: 204 };
  },
});
