import type { StorybookConfig } from '@storybook/react-vite';

// Hand-written stories for screens and shared UI, plus stories generated from every flow file
// (stories/generated/, written by scripts/generate-flow-stories.ts; no per-flow story code).
const config: StorybookConfig = {
  stories: ['../stories/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  typescript: { reactDocgen: false },
};
export default config;
