import { defineProject } from 'vitest/config';

// End-to-end: the built app and the real server (embedded database) in Debian's Chromium.
export default defineProject({ test: { name: 'web-e2e', include: ['test/**/*.test.ts'], environment: 'node', testTimeout: 120_000, hookTimeout: 60_000, fileParallelism: false } });
