// Storybook 10 (React + Vite): designers browse the app's screens, every field kind, widget, layout and
// step page here, and read the design system's docs (MDX).
import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  stories: ['../packages/ui/stories/**/*.mdx', '../packages/ui/stories/**/*.stories.tsx', '../apps/web/stories/**/*.stories.tsx'],
  addons: ['@storybook/addon-a11y', '@storybook/addon-docs'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
};

export default config;
