// SPEC §9: "Environments: dev, feature, daily, beta, uat, prod." Which one a server is, checked at start
// and said at /version.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { productionEnv } from './support/production-env.ts';

describe('SPEC §9 environments', () => {
  it('dev outside production, prod in it, another of dev, feature, daily, beta, uat, prod when named; nothing else', () => {
    expect(loadConfig({}).environment).toBe('dev');
    expect(loadConfig({ KH_ENVIRONMENT: 'daily' }).environment).toBe('daily');
    expect(() => loadConfig({ KH_ENVIRONMENT: 'staging' })).toThrow(/^KH_ENVIRONMENT: /);
  });
  it('production mode is prod unless it names another; never dev', () => {
    expect(loadConfig(productionEnv()).environment).toBe('prod');
    expect(loadConfig(productionEnv({ KH_ENVIRONMENT: 'uat' })).environment).toBe('uat');
    expect(() => loadConfig(productionEnv({ KH_ENVIRONMENT: 'dev' }))).toThrow(/^KH_ENVIRONMENT: /);
  });
});

