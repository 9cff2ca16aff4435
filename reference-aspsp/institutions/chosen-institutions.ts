import type { Choices } from '../choices/index.ts';
import type { Institution } from './institution.ts';

/**
 * The institutions as this bank offers them: the signature policy and the freshness options of the
 * institutions file, as the bank's choices keep them (TRN-SIGNATURE-STRICTER-POLICY,
 * TRN-SIGNATURE-FRESH, TRN-SIGNATURE-NO-REPLAY). Applied once at start, so the start line and every
 * request see the same institutions.
 */
export function chosenInstitutions(institutions: readonly Institution[], choices: Choices): Institution[] {
  const policy = choices.of('TRN-SIGNATURE-STRICTER-POLICY');
  const fresh = choices.of('TRN-SIGNATURE-FRESH');
  const replay = choices.of('TRN-SIGNATURE-NO-REPLAY');
  return institutions.map((institution) => ({
    ...institution,
    signatureHeaders: policy(institution.signatureHeaders),
    signatureFreshness: replay(fresh(institution.signatureFreshness)),
  }));
}
