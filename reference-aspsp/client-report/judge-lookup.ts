import type { Judge } from './judges/judge.ts';
import { judgeFallbackNotMain, judgePispTokenConfirmationOnly, judgePkceS256 } from './judges/pisp-judges.ts';
import {
  judgeBatchQuota,
  judgeConsentBeforeRead,
  judgeLinksNotBuilt,
  judgePsuIpWhenConnected,
} from './judges/psu-judges.ts';
import {
  judgePispStatusRequestId,
  judgeRequestIdPresent,
  judgeRequestIdUnique,
} from './judges/request-id-judges.ts';
import { judgeDigest, judgeSignature } from './judges/signing-judges.ts';
import {
  judgeCodeOnce,
  judgeInvalidTokenRefresh,
  judgeOneTokenSet,
  judgeRedirectUriSame,
  judgeRefreshBeforeJourney,
  judgeTokenNoScope,
} from './judges/token-judges.ts';

/**
 * The judge of each rule of `spec/client-rules.yaml`, by id (mockttp's StepLookup idea): adding a rule
 * is one entry in the YAML and one here; a test fails when the two lists differ.
 */
export const judgeLookup: Readonly<Record<string, Judge>> = {
  'CLT-SIGNATURE': judgeSignature,
  'CLT-DIGEST': judgeDigest,
  'CLT-REQUEST-ID-PRESENT': judgeRequestIdPresent,
  'CLT-REQUEST-ID-UNIQUE': judgeRequestIdUnique,
  'CLT-PSU-IP-WHEN-CONNECTED': judgePsuIpWhenConnected,
  'CLT-BATCH-QUOTA': judgeBatchQuota,
  'CLT-LINKS-NOT-BUILT': judgeLinksNotBuilt,
  'CLT-CONSENT-BEFORE-READ': judgeConsentBeforeRead,
  'CLT-TOKEN-NO-SCOPE': judgeTokenNoScope,
  'CLT-REDIRECT-URI-SAME': judgeRedirectUriSame,
  'CLT-CODE-ONCE': judgeCodeOnce,
  'CLT-REFRESH-BEFORE-JOURNEY': judgeRefreshBeforeJourney,
  'CLT-ONE-TOKEN-SET': judgeOneTokenSet,
  'CLT-INVALID-TOKEN-REFRESH': judgeInvalidTokenRefresh,
  'CLT-PKCE-S256': judgePkceS256,
  'CLT-PISP-TOKEN-CONFIRMATION-ONLY': judgePispTokenConfirmationOnly,
  'CLT-PISP-STATUS-REQUEST-ID': judgePispStatusRequestId,
  'CLT-FALLBACK-NOT-MAIN': judgeFallbackNotMain,
};
