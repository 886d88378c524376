import { describe, expect, it } from 'vitest';
import { paymentTypeQuery } from '../src/boot-requests.ts';

describe('queryPaymentType asks with the applicant\'s bank (SPEC §3)', () => {
  it('names the bank the record carries, and none before the financial step is saved', () => {
    expect(paymentTypeQuery({ bankName: 'MBB' }, 'a1', 'INIT')).toEqual({ applyId: 'a1', relatedType: 'INIT', bankName: 'MBB' });
    expect(paymentTypeQuery({}, 'a1', 'SUPPLEMENT')).toEqual({ applyId: 'a1', relatedType: 'SUPPLEMENT' });
  });
});
