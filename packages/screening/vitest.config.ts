import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'screening', include: ['test/**/*.test.ts'], environment: 'node' } });
