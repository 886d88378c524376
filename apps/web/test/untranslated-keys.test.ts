// Every screenshot a scenario takes first scans the page for a translation key shown as text
// (harness.ts `shooter`): the scanner itself.
import { describe, expect, it } from 'vitest';
import { untranslatedKeys } from './harness.ts';

describe('untranslatedKeys', () => {
  it('finds our keys, once each, and not words, e-mail addresses or URLs', () => {
    expect(untranslatedKeys('Dealer code: server.drUnknown (server.drUnknown) and validation.mobile')).toEqual(['server.drUnknown', 'validation.mobile']);
    expect(untranslatedKeys('E-mail: customer.service@broker.example, see https://broker.example/step.html — common sense.')).toEqual([]);
  });
});
