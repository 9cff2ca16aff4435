import type { Choices } from '../../choices/index.ts';
import type { FaultSet } from '../../faults/catalogue.ts';
import type { ApiError } from '../api-error.ts';
import { checkSignatureWith, type SignedRequest } from '../check-signature.ts';
import type { SignatureReplayCache } from '../signature-replay-cache.ts';
import { inlineVerifier, type SignatureVerifier } from '../signature-verifier.ts';

/** What the signature stage needs besides the request. */
export interface SignatureStageServices {
  readonly faults: FaultSet;
  /** Signatures accepted recently, for an institution's `signatureFreshness.replayCache`. */
  readonly replays: SignatureReplayCache;
  /** Where the RSA operation runs (default: on the calling thread). */
  readonly verifier?: SignatureVerifier;
  /** How this bank reads Signature and Digest where the seed is silent (choices/trn-choices.ts). */
  readonly choices: Choices;
}

/** The request as the signature check sees it, the server's time, and whether the route is signed. */
export interface SignatureStageRequest extends Omit<SignedRequest, 'checkDigest' | 'now' | 'replays'> {
  /** Whether the route is signed (`Route.signed`, default true on bearer routes). */
  readonly signed: boolean;
  readonly now: Date;
}

/**
 * Stage 5, signature, on signed routes: the Signature header (`401 SIGNATURE_INVALID`) and the
 * Digest of the body (`400 DIGEST_INVALID`), as server/check-signature.ts details. The fault
 * `signature-not-checked` skips the stage, `digest-not-checked` the Digest comparison,
 * `signature-freshness-not-checked` an institution's freshness window and replay cache.
 *
 * Nothing to wait for when the route is not signed or the verifier answers at once; a promise when
 * the verifier runs the RSA operation on another thread.
 */
export function signatureStage(
  services: SignatureStageServices,
  request: SignatureStageRequest,
): void | Promise<void> {
  if (!request.signed || services.faults.has('signature-not-checked')) return;
  const refusal = checkSignatureWith(
    {
      method: request.method,
      target: request.target,
      headers: request.headers,
      body: request.body,
      // The `signature-freshness-not-checked` fault: the institution's window and replay cache ignored.
      institution: services.faults.has('signature-freshness-not-checked')
        ? { ...request.institution, signatureFreshness: undefined }
        : request.institution,
      tpp: request.tpp,
      checkDigest: !services.faults.has('digest-not-checked'),
      now: request.now,
      replays: services.replays,
      choices: services.choices,
    },
    // Stryker disable next-line LogicalOperator: equivalent: on the calling thread or the worker, the same answers
    services.verifier ?? inlineVerifier,
  );
  if (refusal instanceof Promise) return refusal.then(throwRefusal);
  throwRefusal(refusal);
}

function throwRefusal(refusal: ApiError | undefined): void {
  if (refusal !== undefined) throw refusal;
}
