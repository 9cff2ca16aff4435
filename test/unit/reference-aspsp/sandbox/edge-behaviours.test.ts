import { describe, expect, it } from 'vitest';
import type { Institution } from '../../../../reference-aspsp/institutions/institution.ts';
import { parseEdgeBody } from '../../../../reference-aspsp/sandbox/client-routes.ts';
import { EdgeBehaviours } from '../../../../reference-aspsp/sandbox/edge-behaviours.ts';

const alpha: Institution = {
  code: '10101',
  name: 'Banque Alpha',
  sandbox: true,
  signatureHeaders: ['(request-target)', 'digest', 'x-request-id'],
  confirmationSegment: 'confirmation',
  fundsConfirmation: true,
  segment: 'private',
};
const now = new Date('2026-03-10T09:00:00Z');
const call = (edge: EdgeBehaviours, clientId = 'tpp-1', tokenKey: string | undefined = 'k1') =>
  edge.onResourceCall({ clientId, institution: alpha, tokenKey: () => tokenKey, now }) ?? {
    refusal: undefined,
    forcedBy: undefined,
    institution: alpha,
    offsetMs: 0,
  };

describe('edge behaviours', () => {
  it('show the institution with o-confirmation and small pages to the TPP that asked only', () => {
    const edge = new EdgeBehaviours();
    edge.set('tpp-1', { name: 'o-confirmation' });
    edge.set('tpp-1', { name: 'many-pages', pageSize: 4 });
    expect(call(edge).institution).toMatchObject({
      confirmationSegment: 'o-confirmation',
      transactionPageSize: 4,
    });
    expect(call(edge, 'tpp-2').institution).toBe(alpha);
  });

  it('put the PSU clock in the accounting batch window (21:10 Paris)', () => {
    const edge = new EdgeBehaviours();
    edge.set('tpp-1', { name: 'accounting-batch' });
    const { offsetMs } = call(edge);
    // 09:00Z in March is 10:00 Paris: 11 h 10 min to 21:10.
    expect(offsetMs).toBe((11 * 60 + 10) * 60_000);
  });

  it('count the calls of a counted behaviour, then switch it off', () => {
    const edge = new EdgeBehaviours();
    edge.set('tpp-1', { name: 'too-many-requests', calls: 2 });
    expect([call(edge).refusal?.code, call(edge).refusal?.code, call(edge).refusal]).toEqual([
      'TMRQ',
      'TMRQ',
      undefined,
    ]);
    expect(edge.list('tpp-1')).toEqual([]);
  });

  it('keep refusing a token the expired-token behaviour expired, after reset too', () => {
    const edge = new EdgeBehaviours();
    edge.set('tpp-1', { name: 'expired-token' });
    expect(call(edge).forcedBy).toBe('expired-token');
    edge.clear('tpp-1');
    expect(call(edge).refusal?.code).toBe('invalid_token');
    expect(call(edge, 'tpp-1', 'k2').refusal).toBeUndefined();
  });

  it('parse a switch body and refuse anything else', () => {
    expect(parseEdgeBody({ behaviour: 'many-pages', pageSize: 3 })).toEqual({
      name: 'many-pages',
      pageSize: 3,
    });
    for (const bad of [
      null,
      [],
      { behaviour: 'x' },
      { behaviour: 'many-pages', pageSize: 0 },
      { behaviour: 'expired-token', extra: 1 },
      { behaviour: 'too-many-requests', calls: 1.5 },
    ])
      expect(typeof parseEdgeBody(bad)).toBe('string');
  });
});
