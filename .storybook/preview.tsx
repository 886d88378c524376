// Every story in the chosen language and theme (toolbar, or the story's own controls), at phone size
// by default, with the a11y addon on.
import type { Preview } from '@storybook/react-vite';
import { configure } from 'storybook/test';
import { createI18n } from '../packages/i18n/src/index.ts';
import { I18nProvider, loadWidgets, widgets } from '../packages/ui/src/index.ts';
import '../packages/ui/src/styles/index.css';
// The app's own styles (status cards, the language switcher), as the app loads them.
import '../apps/web/src/app.css';

// A play function's findBy… waits this long: the story check runs three stories at once in one
// Chromium, and on a busy CI machine a refused send took over testing-library's default second to show.
configure({ asyncUtilTimeout: 8000 });

const LANGUAGES = { en: 'English', 'zh-HK': '繁體中文', 'zh-CN': '简体中文' };
const FRAMES: Record<string, { width: number; height: number } | undefined> = { toolbar: undefined, phone: { width: 390, height: 844 }, shortPhone: { width: 375, height: 667 }, pc: { width: 1280, height: 800 } };

const preview: Preview = {
  globalTypes: {
    locale: {
      description: 'Language',
      toolbar: { title: 'Language', icon: 'globe', items: Object.entries(LANGUAGES).map(([value, title]) => ({ value, title })), dynamicTitle: true },
    },
    theme: {
      description: 'Theme: the high-contrast theme is also what prefers-contrast: more gives',
      toolbar: { title: 'Theme', icon: 'contrast', items: [{ value: 'default', title: 'Default' }, { value: 'high-contrast', title: 'High contrast' }], dynamicTitle: true },
    },
  },
  initialGlobals: { locale: 'en', theme: 'default', viewport: { value: 'phone', isRotated: false } },
  // Every story has these controls; "toolbar" follows the toolbar's choice.
  argTypes: {
    language: { control: 'inline-radio', options: ['toolbar', ...Object.keys(LANGUAGES)], description: 'The applicant’s language', table: { category: 'Page' } },
    viewport: { control: 'inline-radio', options: Object.keys(FRAMES), description: 'A frame of this size around the story', table: { category: 'Page' } },
  },
  args: { language: 'toolbar', viewport: 'toolbar' },
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
  // A story starts from its own args, never from what the last story left: the app keeps drafts and its flow snapshot under kh.* keys,
  // which a page's unmount or pagehide writes (a market ticked off in one story came back ticked off in the next).
  beforeEach: () => {
    clearAppStorage();
    return clearAppStorage;
  },
  // The texts, and the widgets that load with their steps in the app, are loaded before the story
  // renders, so a play function finds the page, not a blank.
  loaders: [async ({ args, globals }) => ({ i18n: await createI18n(languageOf(args, globals)), widgets: await loadWidgets(Object.keys(widgets)) })],
  decorators: [
    (Story, context) => {
      document.documentElement.dataset.theme = String(context.globals.theme ?? 'default');
      const language = languageOf(context.args, context.globals);
      document.documentElement.lang = language;
      const frame = FRAMES[String(context.args.viewport ?? 'toolbar')];
      const story = (
        <I18nProvider key={language} language={language} instance={context.loaded.i18n}>
          <Story />
        </I18nProvider>
      );
      return frame ? <div style={{ width: frame.width, height: frame.height, overflow: 'auto', outline: '1px solid #c9ced9' }}>{story}</div> : story;
    },
  ],
};

function clearAppStorage(): void {
  for (const storage of [localStorage, sessionStorage]) {
    for (const key of Object.keys(storage)) if (key.startsWith('kh.')) storage.removeItem(key);
  }
}

function languageOf(args: Record<string, unknown>, globals: Record<string, unknown>): string {
  return args.language && args.language !== 'toolbar' ? String(args.language) : String(globals.locale ?? 'en');
}

export default preview;
