// What an error report carries (SPEC §7): page, browser, client number, application, and the id of
// the API request that failed.
import { describe, expect, it } from 'vitest';
import { ApiError } from '@kh/api';
import { errorReportOf, setErrorReportContext } from '../src/app/error-reports.ts';

describe('error reports', () => {
  it('carry hsNo, href, user agent and applyId once the application is known, and the failed request id', () => {
    setErrorReportContext({ hsNo: 'C1234567', applyId: 'app-1' });
    const failure = new ApiError('500', 'Server error', 500, undefined, 'req-42');
    expect(errorReportOf(failure, 'https://open.broker.example/info/base', 'UA/1')).toMatchObject({
      href: 'https://open.broker.example/info/base',
      userAgent: 'UA/1',
      hsNo: 'C1234567',
      applyId: 'app-1',
      failedRequestId: 'req-42',
      message: 'ApiError: Server error',
    });
  });
  it('a thrown value that is no Error is reported as text, without a request id', () => {
    setErrorReportContext({});
    expect(errorReportOf('boom', 'https://x.example/', 'UA')).toEqual({ href: 'https://x.example/', userAgent: 'UA', message: 'boom', stack: undefined, failedRequestId: undefined });
  });
});
