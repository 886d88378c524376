import { defineProject } from 'vitest/config';

// The console's translations, then the built console and the real server in Debian's Chromium.
export default defineProject({ test: { name: 'console', include: ['test/**/*.test.ts'], environment: 'node', testTimeout: 180_000, hookTimeout: 60_000, fileParallelism: false } });
