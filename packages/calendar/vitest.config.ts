import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'calendar', include: ['test/**/*.test.ts'], environment: 'node' } });
