// The widgets: multi-select, upload, signature, agreements, QR code, phone; and typing speed.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { I18nProvider, PdfViewer, QrCode } from '../src/index.ts';
import { renderStep } from './render.tsx';

describe('multi-select', () => {
  it('is a list of checkboxes whose value travels as a comma string', async () => {
    const { submitted } = await renderStep('investment', { data: { investmentTerm: 1, riskTolerance: 1, experience: 1, hasOtherCds: false } });
    const group = screen.getByRole('group', { name: /Investment objectives/ });
    await userEvent.click(within(group).getByLabelText('Income'));
    await userEvent.click(within(group).getByLabelText('Dividend'));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(submitted[0].investmentObjective).toBe('1,4');
  });
});

describe('upload', () => {
  const file = (name: string, type: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type });
  it('goes initial, uploading (with progress), done; the path becomes the value', async () => {
    let finish: (() => void) | undefined;
    const progress: ((p: number) => void)[] = [];
    const upload = (_file: File, onProgress: (p: number) => void) =>
      new Promise<{ filepath: string; originalFilename: string }>((resolve) => {
        progress.push(onProgress);
        finish = () => resolve({ filepath: 'uploads/m/1.png', originalFilename: 'statement.png' });
      });
    const { container, submitted } = await renderStep('financial', { formContext: { upload }, data: { totalNetWorth: 1, bankName: 'MBB', bankAccountNumber: '1234567890', notJointAccount: true, islamicBank: false } });
    const widget = container.querySelector('[data-field="bankStatement"] .upload')!;
    expect(widget.getAttribute('data-state')).toBe('initial');
    await userEvent.upload(screen.getByLabelText('Bank statement'), file('statement.png', 'image/png'));
    expect(widget.getAttribute('data-state')).toBe('uploading');
    act(() => progress[0](60));
    expect(within(widget as HTMLElement).getByRole('progressbar').getAttribute('value')).toBe('60');
    await act(async () => finish!());
    expect(widget.getAttribute('data-state')).toBe('done');
    expect(screen.getByText('Uploaded')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload again' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(submitted[0].bankStatementPath).toBe('uploads/m/1.png');
  });
  it('a failed upload says so and offers a retry that succeeds', async () => {
    let attempt = 0;
    const upload = async () => {
      attempt += 1;
      if (attempt === 1) throw new Error('network');
      return { filepath: 'uploads/m/2.pdf', originalFilename: 'a.pdf' };
    };
    const { container } = await renderStep('financial', { formContext: { upload } });
    await userEvent.upload(screen.getByLabelText('Bank statement'), file('a.pdf', 'application/pdf'));
    await waitFor(() => expect(container.querySelector('.upload')!.getAttribute('data-state')).toBe('failed'));
    expect(screen.getByText('Upload failed, please re-upload')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(container.querySelector('.upload')!.getAttribute('data-state')).toBe('done'));
  });
  it('a page opened again names a saved upload as it was sent, and shows an image', async () => {
    const asked: string[] = [];
    const describeFile = async (path: string) => (asked.push(path), { originalFilename: 'my statement.png', mime: 'image/png' });
    const previewUrl = (path: string) => `/preview?relativePath=${path}`;
    const { container } = await renderStep('financial', { formContext: { describeFile, previewUrl }, data: { bankStatement: 'finance/m/8f3k2.png' } });
    const widget = container.querySelector('[data-field="bankStatement"] .upload') as HTMLElement;
    expect(widget.getAttribute('data-state')).toBe('done');
    expect(await within(widget).findByText('my statement.png')).toBeTruthy();
    expect(within(widget).getByRole('img').getAttribute('src')).toBe('/preview?relativePath=finance/m/8f3k2.png');
    expect(asked).toEqual(['finance/m/8f3k2.png']);
  });
  it('a saved PDF is named, not previewed; an unknown one keeps its stored name', async () => {
    const { container, unmount } = await renderStep('financial', { formContext: { describeFile: async () => ({ originalFilename: 'statement.pdf', mime: 'application/pdf' }), previewUrl: () => '/p' }, data: { bankStatement: 'finance/m/1.pdf' } });
    const widget = container.querySelector('[data-field="bankStatement"] .upload') as HTMLElement;
    expect(await within(widget).findByText('statement.pdf')).toBeTruthy();
    expect(within(widget).queryByRole('img')).toBeNull();
    unmount();
    const gone = await renderStep('financial', { formContext: { describeFile: async () => Promise.reject(new Error('404')) }, data: { bankStatement: 'finance/m/2.pdf' } });
    const goneWidget = gone.container.querySelector('[data-field="bankStatement"] .upload') as HTMLElement;
    expect(await within(goneWidget).findByText('2.pdf')).toBeTruthy();
    // SPEC §5: a photo that could not be obtained says whom to ask.
    expect(await within(goneWidget).findByText('We could not get the photo. Please contact online service.')).toBeTruthy();
  });
  it('a saved image that cannot be loaded says whom to ask, instead of a broken picture', async () => {
    const { container } = await renderStep('financial', { formContext: { describeFile: async () => ({ originalFilename: 'me.png', mime: 'image/png' }), previewUrl: () => '/gone.png' }, data: { bankStatement: 'finance/m/3.png' } });
    const widget = container.querySelector('[data-field="bankStatement"] .upload') as HTMLElement;
    fireEvent.error(await within(widget).findByRole('img'));
    expect(await within(widget).findByText('We could not get the photo. Please contact online service.')).toBeTruthy();
    expect(within(widget).queryByRole('img')).toBeNull();
  });
  it('cards and fields carry their hints: the registered address, the bank account\'s verification transfer', async () => {
    const financial = await renderStep('financial', {});
    expect(await screen.findByText('We will transfer RM 0.01 to this account to check that it is yours.')).toBeTruthy();
    financial.unmount();
    await renderStep('personal', {});
    expect(await screen.findByText('The registered address must match your identity document.')).toBeTruthy();
  });
  it('refuses a file type outside bmp, jpg, jpeg, png, gif, webp, pdf before sending it', async () => {
    let sent = 0;
    await renderStep('financial', { formContext: { upload: async () => ((sent += 1), { filepath: 'x', originalFilename: 'x' }) } });
    await userEvent.upload(screen.getByLabelText('Bank statement'), file('a.exe', 'application/octet-stream'), { applyAccept: false });
    expect(await screen.findByText(/Only these file types are accepted/)).toBeTruthy();
    expect(sent).toBe(0);
  });
});

describe('signature', () => {
  it('draws, saves as an image through the upload, and clears to sign again; leaving the pad asks for a redo', async () => {
    const uploaded: File[] = [];
    const { container } = await renderStep('signature', { formContext: { upload: async (f: File) => (uploaded.push(f), { filepath: 'uploads/m/sig.png', originalFilename: 'signature.png' }) } });
    const pad = container.querySelector('canvas')!;
    expect(screen.getByRole('button', { name: 'Use this signature' }).hasAttribute('disabled')).toBe(true);
    fireEvent.pointerLeave(pad, { buttons: 1 });
    expect(screen.queryByText(/went outside the box/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Clear and sign again' })).toBeTruthy();
  });
});

describe('signature without a pointer', () => {
  it('the keyboard path: the name typed becomes the signature, saved through the upload', async () => {
    const uploaded: File[] = [];
    const { submitted } = await renderStep('signature', { formContext: { upload: async (f: File) => (uploaded.push(f), { filepath: 'uploads/m/sig.png', originalFilename: 'signature.png' }) } });
    await userEvent.click(screen.getByRole('button', { name: 'Type my signature instead of drawing it' }));
    expect(screen.getByRole('button', { name: 'Use this signature' }).hasAttribute('disabled')).toBe(true);
    await userEvent.type(screen.getByLabelText('Type your full name to sign'), 'Tan Ah Kow');
    await userEvent.click(screen.getByRole('button', { name: 'Use this signature' }));
    await screen.findByRole('button', { name: 'Signature saved' });
    expect(uploaded[0].name).toBe('signature.png');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(submitted[0]).toMatchObject({ signImgPath: 'uploads/m/sig.png' });
  });
});

describe('agreement list', () => {
  it('links every document that applies to its PDF', async () => {
    await renderStep('agreement', { context: { markets: 18, islamic: false }, formContext: { documentUrl: (id: string) => `/api/pdp/doc/${id}/contentV2` } });
    const links = screen.getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/api/pdp/doc/1/contentV2', '/api/pdp/doc/2/contentV2', '/api/pdp/doc/3/contentV2', '/api/pdp/doc/4/contentV2', '/api/pdp/doc/5/contentV2', '/api/pdp/doc/6/contentV2', '/api/pdp/doc/8/contentV2']);
    expect(links[1].textContent).toContain('US withholding tax form');
  });
});

describe('QR code', () => {
  it('renders the hand-off link as an image with a text alternative', async () => {
    render(
      <I18nProvider language="en">
        <QrCode value="http://127.0.0.1:8080/ekyc/handoff/abc" label="Scan to continue on your phone" />
      </I18nProvider>,
    );
    // The QR code's library loads on first use: on a busy machine that took over findByRole's 1 s.
    const image = await screen.findByRole('img', { name: 'Scan to continue on your phone' }, { timeout: 10_000 });
    expect(image.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  });
});

describe('typing is fast: a keystroke does not re-render the whole form', () => {
  it('typing in the company name re-renders that field only', async () => {
    const renders = new Map<string, number>();
    await renderStep('work', { formContext: { onFieldRender: (id: string) => renders.set(id, (renders.get(id) ?? 0) + 1) }, data: { employmentStatus: 1 } });
    renders.clear();
    await userEvent.type(screen.getByLabelText('Company name'), 'ACME');
    const others = [...renders].filter(([id]) => id !== 'companyName');
    expect(others).toEqual([]);
    expect(renders.get('companyName')).toBeLessThanOrEqual(4 * 2);
  });
});

describe('PDF viewer', () => {
  it('a document that cannot be drawn says so, and can still be downloaded', async () => {
    render(
      <I18nProvider language="en">
        <PdfViewer url="http://127.0.0.1:9/missing.pdf" title="User agreement" />
      </I18nProvider>,
    );
    const viewer = await screen.findByRole('region', { name: 'User agreement' });
    expect(viewer.getAttribute('aria-busy')).toBe('true');
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveProperty('textContent', 'The document could not be shown here. Please download it below.');
    expect(screen.getByRole('link', { name: 'Download the document (PDF)' }).getAttribute('href')).toBe('http://127.0.0.1:9/missing.pdf');
  });
});
