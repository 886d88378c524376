// The login card (SPEC §4): as the start page, in place of a page that needs a login, and its
// refusals. Play functions type and press as an applicant would, by role, so they hold in every
// language; the API double answers.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { LoginScreen } from '../src/pages/LoginPage.tsx';
import { Refusal, withFakeApi } from './fake-api.ts';

function Login({ path }: { path: string }) {
  return (
    <Router key={path} hook={memoryLocation({ path }).hook}>
      <LoginScreen />
    </Router>
  );
}

const SENT = {
  // The bot check the page asks for before a code (SPEC §7): the sandbox's.
  '/passport/bot-check': { provider: 'sandbox' },
  '/passport/sms/auth-code/nonce': { nonce: 'story-nonce', key: 'c3Rvcnkta2V5LXN0b3J5LWtleS1zdG9yeS1rZXk=', expiresInSeconds: 60 },
  '/passport/sms/auth-code/send': { sent: true, resendAfterSeconds: 60 },
};

const meta: Meta<typeof Login> = {
  title: 'Screens/Login',
  component: Login,
  argTypes: { path: { control: 'select', options: ['/status/entry', '/info/base', '/iam/start'], description: 'The page the applicant opened' } },
  args: { path: '/status/entry' },
  beforeEach: withFakeApi,
};
export default meta;
type Story = StoryObj<typeof Login>;

export const AsStartPage: Story = {};
export const InPlaceOfAStep: Story = { args: { path: '/info/base' } };

export const CodeSent: Story = {
  parameters: { api: SENT },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await userEvent.type(await page.findByRole('textbox'), '123456789');
    await userEvent.click(page.getByRole('button'));
    // The code's field joins the number's.
    await waitFor(() => expect(page.getAllByRole('textbox')).toHaveLength(2));
  },
};

export const InvalidNumber: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await userEvent.type(await page.findByRole('textbox'), '12');
    await userEvent.click(page.getByRole('button'));
    await expect(await page.findByRole('alert')).toBeVisible();
    await expect(page.getAllByRole('textbox')).toHaveLength(1);
  },
};

export const TooManyCodes: Story = {
  parameters: { api: { ...SENT, '/passport/sms/auth-code/send': new Refusal(429, 'SMS_TOO_FREQUENT', 'Please wait 60 seconds before asking for another code.') } },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await userEvent.type(await page.findByRole('textbox'), '123456789');
    await userEvent.click(page.getByRole('button'));
    await expect(await page.findByRole('alert')).toHaveTextContent('60 seconds');
  },
};
