/**
 * The target of a reference started in live mode. Its start line names no PSU (a live host has no
 * sandbox to clone them from), so the personas, under their live identifiers, and the sandbox's data
 * the live host must refuse come from the reference's persona directory.
 */
import { parseServeInfo, targetFromServeInfo, type PersonaTarget, type Target } from '../../harness/index.ts';
import { referencePersonas, sandboxOtp } from '../../reference-aspsp/index.ts';
import type { SmsInbox } from './sms-inbox.ts';

/**
 * The live reference described by `info` (its start line), with personas and sandbox data, and the
 * PSUs' phones when the reference's log goes to `phones` (its personas have no fixed code).
 */
export function liveReferenceTarget(info: unknown, name: string, phones?: SmsInbox): Target {
  const target = targetFromServeInfo(parseServeInfo(info), { name });
  const personas: Record<string, PersonaTarget> = {};
  const sandboxPersonas: Record<string, { identifier: string }> = {};
  for (const identity of referencePersonas()) {
    const known = personas[identity.persona];
    if (known === undefined) {
      // A target persona has one identifier: it exists where the live identifier is the same (the
      // institutions of one customer segment); the sandbox one is taken at the same institutions.
      personas[identity.persona] = {
        identifier: identity.liveIdentifier,
        otp: undefined,
        driver: 'http',
        institutions: [identity.institution],
      };
      sandboxPersonas[identity.persona] = { identifier: identity.sandboxIdentifier };
    } else if (known.identifier === identity.liveIdentifier) {
      known.institutions?.push(identity.institution);
    }
  }
  return { ...target, personas, sandboxPersonas, sandboxOtp, psuPhones: phones };
}
