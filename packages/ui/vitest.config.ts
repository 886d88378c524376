import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'ui', include: ['test/**/*.test.tsx'], environment: 'jsdom', setupFiles: ['test/setup.ts'] } });
