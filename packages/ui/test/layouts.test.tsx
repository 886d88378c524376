// Layouts and chrome: progress bar, title and back, the exit dialog, toasts, images by pixel ratio.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createToastStore } from '@kh/api';
import { ExitDialog, I18nProvider, PageLayout, Toasts, imageForRatio } from '../src/index.ts';

const en = (ui: React.ReactNode) => render(<I18nProvider language="en">{ui}</I18nProvider>);

describe('layouts of SPEC §2', () => {
  it('the progress bar draws its three segments, the current one marked and those before it done', async () => {
    en(
      <PageLayout layout="Default" title="Employment Details" percent={30} segment={1}>
        <p>body</p>
      </PageLayout>,
    );
    const segments = (await screen.findByRole('list', { name: 'Progress' })).querySelectorAll('li');
    expect([...segments].map((li) => [li.textContent, li.getAttribute('aria-current')])).toEqual([['Contact', null], ['Your profile', 'step'], ['Declarations', null]]);
    expect(segments[0].className).toContain('done');
  });
  it('Default: a title, a back button, the exit, and the progress bar at the flow percentage', async () => {
    const back = vi.fn();
    en(
      <PageLayout layout="Default" title="Personal Details" percent={25} onBack={back} onExit={() => {}} actions={<button>Next</button>}>
        <p>body</p>
      </PageLayout>,
    );
    expect(await screen.findByRole('heading', { name: 'Personal Details' })).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(back).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Exit' })).toBeTruthy();
  });
  it.each(['Pure', 'Gradient', 'GWhite', 'BackNav'] as const)('%s has no progress bar', async (layout) => {
    const { container } = en(
      <PageLayout layout={layout} title="Complete" percent={90}>
        <p>body</p>
      </PageLayout>,
    );
    await screen.findByText('body');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(container.querySelector(`.page--${layout.toLowerCase()}`)).toBeTruthy();
  });
});

describe('the exit confirmation dialog', () => {
  it("asks 'Are you sure you want to exit the account opening process?'; Escape cancels", async () => {
    const confirm = vi.fn();
    const cancel = vi.fn();
    en(<ExitDialog open onConfirm={confirm} onCancel={cancel} />);
    expect((await screen.findByRole('alertdialog')).textContent).toContain('Are you sure you want to exit the account opening process?');
    expect(document.activeElement?.textContent).toBe('Confirm');
    await userEvent.keyboard('{Escape}');
    expect(cancel).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(confirm).toHaveBeenCalledOnce();
  });
});

describe('toasts from the api store', () => {
  it('shows the translated message and the loading toast; each error leaves after 3 s', async () => {
    vi.useFakeTimers();
    const store = createToastStore();
    en(<Toasts store={store} />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    act(() => {
      store.show({ kind: 'error', messageKey: 'errors.network' });
      store.show({ kind: 'loading', messageKey: 'flow.toast.saving' });
    });
    expect(screen.getByText('Poor network connection, please check your network')).toBeTruthy();
    expect(screen.getByText('Saving...')).toBeTruthy();
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.queryByText('Poor network connection, please check your network')).toBeNull();
    expect(screen.getByText('Saving...')).toBeTruthy();
    vi.useRealTimers();
  });
});

describe('images by pixel ratio (SPEC §9)', () => {
  it('up to 1 none, up to 2 @2x, otherwise @3x', () => {
    expect(imageForRatio('/img/logo.png', 1)).toBe('/img/logo.png');
    expect(imageForRatio('/img/logo.png', 2)).toBe('/img/logo@2x.png');
    expect(imageForRatio('/img/logo.png', 2.75)).toBe('/img/logo@3x.png');
  });
});
