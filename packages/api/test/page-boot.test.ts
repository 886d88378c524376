import { describe, expect, it } from 'vitest';
import { pageBootAttributes, readPageBoot } from '../src/index.ts';

const datasetOf = (attributes: string) =>
  Object.fromEntries([...attributes.matchAll(/ data-(\w+)="([^"]*)"/g)].map(([, name, value]) => [name, value]));

describe('the page boot', () => {
  it('reads back what the server wrote', () => {
    const attributes = pageBootAttributes({ session: 'out', drawn: 'start', language: 'zh-HK' });
    expect(attributes).toBe(' data-session="out" data-drawn="start" data-language="zh-HK"');
    expect(readPageBoot(datasetOf(attributes))).toEqual({ session: 'out', drawn: 'start', language: 'zh-HK' });
    expect(pageBootAttributes({ session: 'in' })).toBe(' data-session="in"');
  });
  it('ignores what it does not know: the page then asks, as without a boot', () => {
    expect(readPageBoot({ session: 'maybe', drawn: 'review' })).toEqual({});
    expect(readPageBoot({ session: 'in', drawn: 'status' })).toEqual({ session: 'in', drawn: 'status' });
    expect(readPageBoot({})).toEqual({});
  });
});
