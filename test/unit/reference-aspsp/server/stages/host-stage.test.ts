import { referenceChoices } from '../../../../../reference-aspsp/choices/index.ts';
import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { TLSSocket } from 'node:tls';
import { describe, expect, it } from 'vitest';
import { versionCalendar } from '../../../../../spec/lib/index.ts';
import { createHostResolver } from '../../../../../reference-aspsp/institutions/host-resolver.ts';
import { loadInstitutions } from '../../../../../reference-aspsp/institutions/load-institutions.ts';
import { ApiError } from '../../../../../reference-aspsp/server/api-error.ts';
import {
  duplicatedSingleton,
  hostName,
  hostStage,
} from '../../../../../reference-aspsp/server/stages/host-stage.ts';

const resolve = createHostResolver(loadInstitutions(), versionCalendar().hosts);
const services = { resolveHost: resolve, choices: referenceChoices };
const live = 'api-10101.psd2.groupbank.example';

/** A request with these raw headers on `socket` (plain TCP unless a TLS socket is given). */
function request(raw: string[], socket: Socket = new Socket()): IncomingMessage {
  const message = new IncomingMessage(socket);
  message.rawHeaders = raw;
  for (let i = 0; i < raw.length; i += 2) message.headers[(raw[i] ?? '').toLowerCase()] ??= raw[i + 1];
  return message;
}

function tlsWithSni(name: string): TLSSocket {
  const socket = new TLSSocket(new Socket());
  socket.servername = name;
  return socket;
}

function refusal(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return error.code;
    throw error;
  }
  return undefined;
}

describe('the host stage', () => {
  it('names the institution and the host form of the Host header', () => {
    const outcome = hostStage(request(['Host', `${live}:8443`]), services, '2026-01-01');
    expect([outcome.institution.code, outcome.hostForm]).toEqual(['10101', 'live']);
  });

  it('refuses a host no institution answers to, with the resolver code', () => {
    expect(
      refusal(() => hostStage(request(['Host', 'api-12345.psd2.groupbank.example']), services, '2026-01-01')),
    ).toBe('INSTITUTION_UNKNOWN');
    expect(refusal(() => hostStage(request(['Host', 'example.org']), services, '2026-01-01'))).toBe(
      'HOST_UNKNOWN',
    );
  });

  it('refuses a second Host or Authorization header', () => {
    const twoHosts = request(['Host', live, 'host', 'sandbox-20202.psd2.groupbank.example']);
    expect(refusal(() => hostStage(twoHosts, services, '2026-01-01'))).toBe('HEADER_DUPLICATED');
    const twoTokens = request(['Host', live, 'Authorization', 'Bearer a', 'AUTHORIZATION', 'Bearer b']);
    expect(refusal(() => hostStage(twoTokens, services, '2026-01-01'))).toBe('HEADER_DUPLICATED');
  });

  it('refuses a TLS connection opened for another host (SNI) and accepts the same one', () => {
    const misdirected = request(['Host', live], tlsWithSni('api-20202.psd2.groupbank.example'));
    expect(refusal(() => hostStage(misdirected, services, '2026-01-01'))).toBe('HOST_UNKNOWN');
    const same = request(['Host', `${live.toUpperCase()}:443`], tlsWithSni(live));
    expect(hostStage(same, services, '2026-01-01').institution.code).toBe('10101');
  });

  it('falls back on the SNI name when the request has no Host', () => {
    expect(hostStage(request([], tlsWithSni(live)), services, '2026-01-01').institution.code).toBe('10101');
  });
});

describe('host stage helpers', () => {
  it('find a duplicated singleton in any case and ignore other repeated headers', () => {
    expect(duplicatedSingleton(['Accept', 'a', 'accept', 'b', 'Host', 'h'])).toBeUndefined();
    expect(duplicatedSingleton(['HOST', 'a', 'Host', 'b'])).toBe('host');
    expect(duplicatedSingleton(['authorization', 'a', 'Authorization', 'b'])).toBe('authorization');
  });

  it('take the port off a host name, not the brackets of an IPv6 literal', () => {
    expect(hostName('API.example:8443')).toBe('api.example');
    expect(hostName('[::1]')).toBe('[::1]');
  });
});
