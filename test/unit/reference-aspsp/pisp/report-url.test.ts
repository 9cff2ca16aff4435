import { describe, expect, it } from 'vitest';
import { reportUrlFor } from '../../../../reference-aspsp/pisp/report-url.ts';

const ok = 'https://tpp.example/ok';
const ko = 'https://tpp.example/ko';

describe('reportUrlFor', () => {
  it('sends a consenting PSU to successfulReportUrl', () => {
    expect(reportUrlFor({ successfulReportUrl: ok, unsuccessfulReportUrl: ko }, 'success')).toBe(ok);
  });

  it('sends a failed journey to unsuccessfulReportUrl when given', () => {
    expect(reportUrlFor({ successfulReportUrl: ok, unsuccessfulReportUrl: ko }, 'failure')).toBe(ko);
  });

  it('falls back to successfulReportUrl for a failure when no unsuccessfulReportUrl was given', () => {
    expect(reportUrlFor({ successfulReportUrl: ok, unsuccessfulReportUrl: undefined }, 'failure')).toBe(ok);
  });
});
