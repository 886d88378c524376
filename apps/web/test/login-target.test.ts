// Deep links survive login: the page asked for (with its query) is where the login returns, and
// never another site.
import { describe, expect, it } from 'vitest';
import { loginTarget } from '../src/app/login-target.ts';

describe('where the login returns', () => {
  it('the deep link shown with the login in its place, with its query', () => {
    expect(loginTarget({ pathname: '/market/again', search: '?entryCode=2&_scnl=AB12CD34' })).toBe('/market/again?entryCode=2&_scnl=AB12CD34');
    expect(loginTarget({ pathname: '/info/work', search: '' })).toBe('/info/work');
  });
  it('the target the login trigger named on /login', () => {
    expect(loginTarget({ pathname: '/login', search: '?target=%2Finfo%2Ftax%3Flanguage%3Dzh-HK&language=zh-HK' })).toBe('/info/tax?language=zh-HK');
    expect(loginTarget({ pathname: '/login', search: '' })).toBe('/status/entry');
  });
  it('never another origin', () => {
    for (const target of ['//evil.example/x', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)'])
      expect(loginTarget({ pathname: '/login', search: `?target=${encodeURIComponent(target)}` }), target).toBe('/status/entry');
  });
});
