// What is running: the version, the commit and when it was built. `pnpm build` writes them into the
// bundle (scripts/build.mjs); an image build passes KH_BUILD_COMMIT and KH_BUILD_TIME; from the
// sources they are the package's version and "dev". Answered at /version and as the build_info metric.
import { readFileSync } from 'node:fs';

declare const __KH_BUILD__: { version: string; commit: string; builtAt: string } | undefined;

const packageVersion = (): string => {
  try {
    return (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
  } catch {
    return '0.0.0';
  }
};

const bundled = typeof __KH_BUILD__ === 'undefined' ? undefined : __KH_BUILD__;
export const BUILD = {
  version: bundled?.version ?? packageVersion(),
  commit: process.env.KH_BUILD_COMMIT || bundled?.commit || 'dev',
  builtAt: process.env.KH_BUILD_TIME || bundled?.builtAt || 'dev',
};
