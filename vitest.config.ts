import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['server/test/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: [
            'server/**/*.test.ts',
            'contract/**/*.test.ts',
            'web/**/*.test.ts',
            'deploy/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          testTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
