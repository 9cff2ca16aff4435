import { describe, expect, it } from 'vitest';
import {
  apiVersions,
  newestApiVersion,
  openApiDocument,
  type ApiVersion,
} from '../../../../spec/lib/index.ts';
import { isRecord } from '../../../../reference-aspsp/lib/is-record.ts';
import {
  cancellationSchema,
  isCancellationBody,
} from '../../../../reference-aspsp/pisp/payment-cancellation-route.ts';

function schemaOf(version: ApiVersion): unknown {
  const components = openApiDocument(version)['components'];
  const schemas = isRecord(components) ? components['schemas'] : undefined;
  return isRecord(schemas) ? schemas[cancellationSchema] : undefined;
}

const urls = { successfulReportUrl: 'https://tpp.example/cancel/ok' };

describe('payment cancellation body', () => {
  it('is the same schema in every version, so one version checks a body of any', () => {
    expect(schemaOf(newestApiVersion)).toBeDefined();
    for (const version of apiVersions) expect(schemaOf(version)).toEqual(schemaOf(newestApiVersion));
  });

  it('is typed only with RJCT and a successfulReportUrl; DS02 is optional in the schema', () => {
    expect(isCancellationBody({ paymentInformationStatus: 'RJCT', supplementaryData: urls })).toBe(true);
    expect(
      isCancellationBody({
        paymentInformationStatus: 'RJCT',
        statusReasonInformation: 'DS02',
        supplementaryData: urls,
      }),
    ).toBe(true);
    expect(isCancellationBody({ paymentInformationStatus: 'ACTC', supplementaryData: urls })).toBe(false);
    expect(isCancellationBody({ paymentInformationStatus: 'RJCT', supplementaryData: {} })).toBe(false);
    expect(isCancellationBody([])).toBe(false);
  });
});
