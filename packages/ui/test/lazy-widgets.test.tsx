// The widgets only a few steps draw (upload, signature, agreement list) are not in the form's code:
// a page loads a step's before drawing it (loadWidgets), and one drawn before its code arrived waits
// in its own place, the rest of the form already there. (A file of its own: the code, once loaded,
// stays loaded for the rest of a file's tests.)
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WidgetProps } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { widgetsOfStep } from '@kh/engine';
import { loadStepSchemas } from '@kh/engine/node';
import { createI18n } from '@kh/i18n';
import { I18nProvider, loadWidgets, widgets } from '../src/index.ts';
import { lazyWidget } from '../src/form/lazy-widgets.tsx';
import { renderStep } from './render.tsx';

describe('widgets that load with their steps', () => {
  it('a form drawn before its upload widget arrived shows the other fields at once, and the upload when it comes', async () => {
    const { container } = await renderStep('financial', { preloadWidgets: false });
    expect(screen.getByLabelText('Bank account number')).toBeTruthy();
    expect(container.querySelector('[data-field="bankStatement"] .field__loading[aria-busy="true"]')).not.toBeNull();
    expect(await screen.findByLabelText('Bank statement', {}, { timeout: 10_000 })).toBeTruthy();
    expect(container.querySelector('[data-field="bankStatement"] .upload')?.getAttribute('data-state')).toBe('initial');
    expect(container.querySelector('.field__loading')).toBeNull();
  });
  it('are the upload, the signature pad and the agreement list; loading a step\'s loads those it draws', async () => {
    const lazy = Object.entries(widgets).filter(([, widget]) => 'load' in widget).map(([name]) => name);
    expect(lazy.sort()).toEqual(['agreementList', 'signature', 'upload']);
    const signature = loadStepSchemas().find((step) => step.id === 'signature')!;
    expect(widgetsOfStep(signature)).toContain('signature');
    await expect(loadWidgets(widgetsOfStep(signature))).resolves.toBeUndefined();
  });
  it('a load the network dropped says so and is tried again with Retry', async () => {
    let attempts = 0;
    const Widget = lazyWidget(async () => {
      attempts += 1;
      if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return (props: WidgetProps) => <input aria-label="Arrived" id={props.id} />;
    });
    render(
      <I18nProvider language="en" instance={await createI18n('en')}>
        <Widget {...({ id: 'w' } as WidgetProps)} />
      </I18nProvider>,
    );
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', expect.stringContaining('Poor network connection'));
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText('Arrived')).toBeTruthy();
    expect(attempts).toBe(2);
  });
});
