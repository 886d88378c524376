import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'flow', include: ['test/**/*.test.ts'], environment: 'node' } });
