// Storybook 10 (React + Vite): designers browse the app's screens, every field kind, widget, layout and
// step page here, and read the design system's docs (MDX).
import type { StorybookConfig } from '@storybook/react-vite';
import { dictionaryLabels } from '../apps/web/build/step-documents.ts';

const config: StorybookConfig = {
  stories: ['../packages/ui/stories/**/*.mdx', '../packages/ui/stories/**/*.stories.tsx', '../apps/web/stories/**/*.stories.tsx'],
  addons: ['@storybook/addon-a11y', '@storybook/addon-docs'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  // The pages load a language's dictionary labels as the app does (the entries here keep all three languages).
  viteFinal: (vite) => ({ ...vite, plugins: [...(vite.plugins ?? []), dictionaryLabels()] }),
};

export default config;
