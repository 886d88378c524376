// Every story in the chosen language (toolbar), at phone size by default, with the a11y addon on.
import type { Preview } from '@storybook/react-vite';
import { I18nProvider } from '../packages/ui/src/index.ts';
import '../packages/ui/src/styles/index.css';

const preview: Preview = {
  globalTypes: {
    locale: {
      description: 'Language',
      toolbar: { title: 'Language', icon: 'globe', items: [{ value: 'en', title: 'English' }, { value: 'zh-HK', title: '繁體中文' }, { value: 'zh-CN', title: '简体中文' }], dynamicTitle: true },
    },
  },
  initialGlobals: { locale: 'en', viewport: { value: 'phone', isRotated: false } },
  parameters: {
    layout: 'fullscreen',
    viewport: {
      options: {
        phone: { name: 'Phone 390x844', styles: { width: '390px', height: '844px' }, type: 'mobile' },
        shortPhone: { name: 'Short phone 375x667', styles: { width: '375px', height: '667px' }, type: 'mobile' },
        pc: { name: 'PC 1280x800', styles: { width: '1280px', height: '800px' }, type: 'desktop' },
      },
    },
    a11y: { test: 'error' },
  },
  decorators: [
    (Story, context) => (
      <I18nProvider language={String(context.globals.locale ?? 'en')}>
        <Story />
      </I18nProvider>
    ),
  ],
};

export default preview;
