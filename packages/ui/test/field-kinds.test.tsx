// Each field kind of SPEC §3 on a real step: render, change, error display and read-only mode.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createI18n } from '@kh/i18n';
import { I18nProvider, StepForm } from '../src/index.ts';
import { renderStep, validator } from './render.tsx';

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Next' }));

describe('Input', () => {
  it('renders with its label, cleans what is typed, and shows its error after touch', async () => {
    await renderStep('contact');
    const username = screen.getByLabelText('Username');
    await userEvent.type(username, 'ali_2026!');
    expect(username).toHaveProperty('value', 'ali2026');
    await userEvent.clear(username);
    fireEvent.blur(username);
    expect(await screen.findByText('Please enter', { selector: '.field__error' })).toBeTruthy();
    expect(username.getAttribute('aria-invalid')).toBe('true');
    expect(username.getAttribute('aria-describedby')).toContain('root_username-error');
  });
  it('left by a press elsewhere, shows its error once the press is over: it does not move what is being pressed', async () => {
    await renderStep('contact');
    const username = screen.getByLabelText('Username');
    await userEvent.clear(username);
    fireEvent.pointerDown(document.body);
    fireEvent.blur(username);
    await act(() => new Promise((r) => setTimeout(r, 0)));
    expect(screen.queryByText('Please enter', { selector: '.field__error' })).toBeNull();
    fireEvent.pointerUp(document.body);
    expect(await screen.findByText('Please enter', { selector: '.field__error' })).toBeTruthy();
  });
  it('hands the form what was typed once the typing pauses, not at every keystroke; leaving the field hands it at once', async () => {
    const changes: Record<string, unknown>[] = [];
    await renderStep('contact', { onChange: (data) => changes.push(data) });
    await userEvent.type(screen.getByLabelText('Username'), 'ali');
    expect(changes.filter((d) => d.username !== undefined)).toEqual([]);
    await waitFor(() => expect(changes.at(-1)?.username).toBe('ali'));
    expect(changes.filter((d) => d.username !== undefined)).toHaveLength(1);
    await userEvent.type(screen.getByLabelText('Username'), '2026');
    await userEvent.tab();
    expect(changes.at(-1)?.username).toBe('ali2026');
  });
  it('a page left or hidden mid-typing hands the form what was typed first (the draft then has it)', async () => {
    const changes: Record<string, unknown>[] = [];
    await renderStep('contact', { onChange: (data) => changes.push(data) });
    await userEvent.type(screen.getByLabelText('Username'), 'ali');
    act(() => void window.dispatchEvent(new Event('pagehide')));
    expect(changes.at(-1)?.username).toBe('ali');
  });
  it('leaving a field reports its id and value (the input event of analytics)', async () => {
    const left: [string, unknown][] = [];
    await renderStep('contact', { onFieldBlur: (field, value) => left.push([field, value]) });
    await userEvent.type(screen.getByLabelText('Username'), 'ali2026');
    await userEvent.tab();
    expect(left).toContainEqual(['username', 'ali2026']);
  });
  it('keeps what was typed when another field shows its error', async () => {
    const { submitted } = await renderStep('contact');
    await userEvent.type(screen.getByLabelText('Username'), 'ali2026');
    const email = screen.getByLabelText('E-mail');
    await userEvent.type(email, 'x');
    await userEvent.clear(email);
    fireEvent.blur(email);
    expect(await screen.findByText('Please enter', { selector: '.field__error' })).toBeTruthy();
    expect(screen.getByLabelText('Username')).toHaveProperty('value', 'ali2026');
    await submit();
    expect(submitted).toEqual([]);
    expect(screen.getByLabelText('Username')).toHaveProperty('value', 'ali2026');
  });
  it('is read-only in rejection mode unless rejected', async () => {
    await renderStep('financial', { context: { mode: 'rejected' }, rejectedItems: ['bankStatement'], data: { bankAccountNumber: '123' } });
    expect(screen.getByLabelText('Bank account number').hasAttribute('readonly')).toBe(true);
  });
  it('e-mail offers a correction for a mistyped domain once the field is left, none while typing', async () => {
    await renderStep('contact');
    await userEvent.type(screen.getByLabelText('E-mail'), 'ali@gmial.com');
    expect(screen.queryByRole('button', { name: 'Use it' })).toBeNull();
    await userEvent.tab();
    await userEvent.click(await screen.findByRole('button', { name: 'Use it' }));
    expect(screen.getByLabelText('E-mail')).toHaveProperty('value', 'ali@gmail.com');
  });
});

describe('Select', () => {
  it('offers the dictionary options, takes a choice, says please select, and is disabled when read-only', async () => {
    const { unmount } = await renderStep('personal');
    const marital = screen.getByLabelText('Marital status') as HTMLSelectElement;
    expect(within(marital).getAllByRole('option').map((o) => o.textContent)).toEqual(['Please select', 'Single', 'Married', 'Divorced', 'Widowed']);
    await userEvent.selectOptions(marital, 'Married');
    expect(marital.selectedOptions[0].textContent).toBe('Married');
    await userEvent.selectOptions(marital, 'Please select');
    fireEvent.blur(marital);
    expect(await screen.findByText('Please select', { selector: '.field__error' })).toBeTruthy();
    unmount();
    await renderStep('personal', { context: { mode: 'rejected' }, rejectedItems: ['address'] });
    expect((screen.getByLabelText('Marital status') as HTMLSelectElement).disabled).toBe(true);
  });
  it('a long dictionary is searchable', async () => {
    await renderStep('personal');
    const nationality = screen.getByRole('combobox', { name: 'Nationality' });
    await userEvent.click(nationality);
    await userEvent.type(nationality, 'singa');
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Singapore']);
    await userEvent.click(options[0]);
    await act(() => new Promise((r) => setTimeout(r, 200)));
    expect(nationality).toHaveProperty('value', 'Singapore');
  });
});

describe('Radio and ButtonGroup', () => {
  it('Radio: a group with a legend; a choice checks it; read-only disables it', async () => {
    await renderStep('personal');
    const group = screen.getByRole('group', { name: 'Gender' });
    await userEvent.click(within(group).getByLabelText('Female'));
    expect((within(group).getByLabelText('Female') as HTMLInputElement).checked).toBe(true);
  });
  it('ButtonGroup: yes/no, and its error after submit', async () => {
    await renderStep('contact');
    await submit();
    const group = screen.getByRole('group', { name: 'Do you have a CDS account with another broker?' });
    expect(group.closest('.field')!.querySelector('.field__error')!.textContent).toContain('Please select');
    await userEvent.click(within(group).getByLabelText('No'));
    expect(group.closest('.field')!.querySelector('.field__error')).toBeNull();
  });
  it('read-only radio buttons cannot change', async () => {
    await renderStep('personal', { context: { mode: 'rejected' }, rejectedItems: ['address'], data: { gender: 1 } });
    expect((within(screen.getByRole('group', { name: 'Gender' })).getByLabelText('Female') as HTMLInputElement).disabled).toBe(true);
  });
});

describe('Switch and CheckBox', () => {
  it('Switch: turning off "same as registered" shows the mailing address card', async () => {
    await renderStep('personal');
    expect(screen.queryByRole('group', { name: 'Mailing address' })).toBeNull();
    await userEvent.click(screen.getByRole('switch', { name: 'Mailing address is the same as registered address' }));
    expect(screen.getByRole('group', { name: 'Mailing address' })).toBeTruthy();
  });
  it("CheckBox: the agreement must be ticked, with the SPEC message", async () => {
    await renderStep('agreement', { context: { markets: 16 } });
    await submit();
    expect(screen.getByRole('alert').textContent).toContain('Please agree to check the agreement!');
    await userEvent.click(screen.getByLabelText('I have read and agree to the documents above'));
    expect(screen.queryByText('Please agree to check the agreement!', { selector: '.field__error' })).toBeNull();
  });
});

describe('DateTime', () => {
  it('day, month and year boxes with the number keyboard make YYYY-MM-DD; the age rule shows', async () => {
    await renderStep('personal');
    const group = screen.getByRole('group', { name: 'Date of birth' });
    expect(within(group).getByLabelText('Day').getAttribute('inputmode')).toBe('numeric');
    await userEvent.type(within(group).getByLabelText('Day'), '1');
    await userEvent.type(within(group).getByLabelText('Month'), '2');
    await userEvent.type(within(group).getByLabelText('Year'), '2015');
    fireEvent.blur(within(group).getByLabelText('Year'));
    expect((await screen.findAllByText(/at least 18 and not over 99/)).length).toBeGreaterThan(0);
  });
  it('a day typed into a complete date keeps both its digits (the padded value is not written back mid-typing)', async () => {
    const { submitted } = await renderStep('personal');
    const group = screen.getByRole('group', { name: 'Date of birth' });
    const day = within(group).getByLabelText('Day');
    await userEvent.type(day, '31');
    await userEvent.type(within(group).getByLabelText('Month'), '2');
    await userEvent.type(within(group).getByLabelText('Year'), '1990');
    await userEvent.clear(day);
    await userEvent.type(day, '28');
    expect(day).toHaveProperty('value', '28');
    expect(within(group).getByLabelText('Month')).toHaveProperty('value', '2');
    await submit();
    expect(submitted).toEqual([]); // the rest of the step is empty: refused, with the date kept
    expect(day).toHaveProperty('value', '28');
  });
});

describe('Header, Card and Button', () => {
  it('Header shows its title and hint; Card is a named region holding its fields', async () => {
    await renderStep('contact');
    expect(screen.getByRole('heading', { name: 'How can we reach you?' })).toBeTruthy();
    await renderStep('personal');
    const card = screen.getByRole('group', { name: 'Registered address' });
    expect(within(card).getByLabelText('Address line 1')).toBeTruthy();
  });
  it('a card is hidden with its fields when its rule says so (spouse only when married)', async () => {
    const { unmount } = await renderStep('work', { context: { maritalStatus: 1 } });
    expect(screen.queryByRole('group', { name: 'Spouse details' })).toBeNull();
    unmount();
    await renderStep('work', { context: { maritalStatus: 2 } });
    expect(screen.getByRole('group', { name: 'Spouse details' })).toBeTruthy();
  });
});

describe('the error summary (GOV.UK style)', () => {
  it('lists every error at the top, links to each field, and takes the focus', async () => {
    await renderStep('tax');
    await submit();
    const summary = screen.getByRole('alert');
    expect(within(summary).getByRole('heading', { name: 'There is a problem' })).toBeTruthy();
    const links = within(summary).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['#root_birthCity', '#root_taxResidentOutside', '#root_feaStatement']);
    await act(() => new Promise((r) => requestAnimationFrame(() => r(undefined))));
    expect(document.activeElement).toBe(summary);
  });
  it('a valid form hands back the payload', async () => {
    const { submitted } = await renderStep('tax', { data: { birthCity: 'Ipoh', taxResidentOutside: false, feaStatement: 1 } });
    await submit();
    expect(submitted).toEqual([{ birthCountry: 'MYS', birthCity: 'Ipoh', taxResidentOutsideMy: false, feaRulesStatement: 1 }]);
  });
  it('names each field beside its message, never a bare "Please enter"', async () => {
    await renderStep('tax');
    await submit();
    const links = within(screen.getByRole('alert')).getAllByRole('link');
    expect(links[0].textContent).toBe('City of birth: Please enter');
  });
  it('labels and errors follow the language', async () => {
    await renderStep('tax', { language: 'zh-HK' });
    await userEvent.click(screen.getByRole('button', { name: '下一步' }));
    expect(screen.getByRole('heading', { name: '出現問題' })).toBeTruthy();
    expect(screen.getByLabelText('出生城市')).toBeTruthy();
  });
});

describe('a server field error holds until its field is edited, then the form submits again', () => {
  const valid = { birthCity: 'Ipoh', taxResidentOutside: false, feaStatement: 1 };
  it('shows the server\'s error, blocks a resubmit of the same value, and clears on edit', async () => {
    const { rerender, submitted, compiled } = await renderStep('tax', { data: valid });
    await submit();
    expect(submitted).toHaveLength(1);
    // The server refused the city (say): the page hands the field error to the form.
    const instance = await createI18n('en');
    const serverErrors = [{ field: 'birthCity', key: 'validation.usernameTaken' }];
    rerender(
      <I18nProvider language="en" instance={instance}>
        <StepForm compiled={compiled} validator={validator} initialData={valid} serverErrors={serverErrors} onSubmit={(p) => submitted.push(p)} />
      </I18nProvider>,
    );
    expect(screen.getByText('Username already exists')).toBeTruthy();
    await submit();
    expect(submitted).toHaveLength(1);
    // The refused submit moves the focus to the summary on the next frame; then the applicant edits.
    await act(() => new Promise((r) => requestAnimationFrame(() => r(undefined))));
    await userEvent.type(screen.getByLabelText('City of birth'), 'h');
    // The form takes the edit once the typing pauses.
    await waitFor(() => expect(screen.queryByText('Username already exists')).toBeNull());
    await submit();
    expect(submitted).toHaveLength(2);
    expect(submitted[1].birthCity).toBe('Ipohh');
  });
});

describe('fields the identity check verified', () => {
  it('show the verified value, read-only, and say why', async () => {
    const verifiedIdentity = { documentType: 106, documentNumber: '900101145678', name: 'TAN AH KOW', birthDate: '1990-01-01', gender: 2 as const, nationality: 'MYS' };
    await renderStep('personal', { verifiedIdentity });
    const nric = screen.getByLabelText(/MyKad number/) as HTMLInputElement;
    expect(nric.value).toBe('900101145678');
    expect(nric.readOnly || nric.disabled).toBe(true);
    expect(screen.getAllByText('Verified by your identity check').length).toBeGreaterThanOrEqual(5);
  });
});

describe('screen readers hear "(optional)" once, and never for agreements', () => {
  it('a label that says "(optional)" is not given a second one; an optional field without it is', async () => {
    const { container } = await renderStep('personal');
    const oldIc = container.querySelector('label[for="root_oldNricNumber"]')!;
    expect(oldIc.textContent!.match(/optional/g)).toHaveLength(1);
    const { container: tax } = await renderStep('declaration');
    expect(tax.querySelector('label[for="root_relativeClientCode"]')?.textContent ?? '').not.toMatch(/optional.*optional/);
  });
  it('the agreements to accept are not announced as optional', async () => {
    const { container } = await renderStep('agreement', { context: { markets: 19 } });
    expect(container.textContent).not.toMatch(/optional/i);
  });
});
