import { realpathSync } from 'node:fs';
import { searchForWorkspaceRoot } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { stepModulesPlugin } from './scripts/stepModulesPlugin.ts';

/** Debian's Chromium, never a downloaded browser. */
const chromiumArgs = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react(), stepModulesPlugin()],
        test: {
          name: 'unit',
          globals: true,
          environment: 'node',
          include: ['tests/**/*.test.{ts,tsx}'],
          exclude: ['tests/e2e/**', 'tests/cluster/**', 'tests/stories/**', 'node_modules/**'],
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      {
        // Every story is a test, run in Chromium: it renders with no console error, its play function passes
        // (each step's "Fill one, clear another"), and axe-core finds no serious violation (.storybook/preview.tsx).
        plugins: [storybookTest({ configDir: '.storybook' })],
        // The browser may load node_modules where it really is: a copy of the project (CI's drill run) links it.
        server: { fs: { allow: [searchForWorkspaceRoot(process.cwd()), realpathSync('node_modules')] } },
        test: {
          name: 'storybook',
          setupFiles: ['.storybook/vitest.setup.ts'],
          testTimeout: 60000,
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: { executablePath: '/usr/bin/chromium', args: chromiumArgs } }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
});
