import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file starts its own server and database; files run one at a time to keep 2 cores calm.
    fileParallelism: false,
  },
});
