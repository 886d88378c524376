// A logged-in applicant's page opens after two rounds of questions, not four: the status checks, then
// together everything that needs only the application they found (the identity check's state, whether
// to pay, the saved answers). Every reload, deep link and return from a provider goes through it. A
// reload mid-flow usually comes with the answers of both rounds in the page (test/reload-paint.test.ts);
// these pages come without them, as when the server could not ask them in time.
import { describe, expect, it } from 'vitest';
import { phone, useProduct } from './harness.ts';
import { contactToPersonal, login, waitPath, withoutPageAnswers } from './journey.ts';

describe("the application's boot", () => {
  const env = useProduct();

  it('asks for the identity state, the payment and the saved answers together, once the application is known', async () => {
    const context = await phone(env.browser);
    const page = await context.newPage();
    await login(page, env.product, '123680001');
    await page.getByRole('button', { name: 'Get started' }).click();
    await waitPath(page, '/info/contact');
    await page.getByLabel('E-mail').waitFor();

    // The identity state answers late: what does not need it must already have been asked for.
    const started: Record<string, number> = {};
    let ekycAnswered = Infinity;
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      for (const name of ['queryPaymentType', 'fetch-data', 'fetch-ekyc-status']) if (path.endsWith(name)) started[name] ??= Date.now();
    });
    await page.route(/fetch-ekyc-status/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      ekycAnswered = Date.now();
      await route.continue();
    });
    await withoutPageAnswers(page);
    await page.reload();
    await page.getByLabel('E-mail').waitFor();
    expect(started['fetch-ekyc-status']).toBeDefined();
    expect(started.queryPaymentType).toBeLessThan(ekycAnswered);
    expect(started['fetch-data']).toBeLessThan(ekycAnswered);
    await context.close();
  });

  it('asks everything a reload mid-flow needs in one round, as the page loads: each call once', async () => {
    const context = await phone(env.browser);
    const page = await context.newPage();
    await login(page, env.product, '123680003');
    await page.getByRole('button', { name: 'Get started' }).click();
    await waitPath(page, '/info/contact');
    await page.getByLabel('E-mail').waitFor();

    // The status check answers late: the second round's calls for the application this tab is on must not wait for it.
    const asked: { name: string; at: number; body: string }[] = [];
    let checkAnswered = Infinity;
    page.on('request', (request) => {
      const { pathname, search } = new URL(request.url());
      const name = pathname.split('/').pop()!;
      if (['check', 'queryPaymentType', 'fetch-ekyc-status', 'getUsers', 'multiple-value'].includes(name)) asked.push({ name, at: Date.now(), body: `${pathname}${search} ${request.postData() ?? ''}` });
    });
    // fetch-data's body (which step) is read where the request leaves the page: the request event does not show a streamed body.
    await page.route(/\/fetch-data/, async (route) => {
      asked.push({ name: 'fetch-data', at: Date.now(), body: route.request().postData() ?? '' });
      await route.continue();
    });
    await page.route(/\/apply\/check/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      checkAnswered = Date.now();
      await route.continue();
    });
    await withoutPageAnswers(page);
    await page.reload();
    await page.getByLabel('E-mail').waitFor();
    const early = asked.filter(({ at }) => at < checkAnswered);
    expect(early.filter(({ name }) => ['queryPaymentType', 'fetch-data', 'fetch-ekyc-status'].includes(name)).map(({ name }) => name).sort()).toEqual([
      'fetch-data', 'fetch-data', 'fetch-data', 'fetch-data', 'fetch-ekyc-status', 'queryPaymentType',
    ]);
    expect(early.map(({ body }) => body).filter((body, i, all) => all.indexOf(body) !== i)).toEqual([]);
    // Nothing was asked again once the status check answered: the contact page took what the boot read
    // of it; only the next page's answers (the market step's) are asked ahead.
    const late = asked.filter(({ at }) => at >= checkAnswered);
    expect(late.filter(({ name, body }) => name !== 'fetch-data' || !body.includes('"fillStep":2001,'))).toEqual([]);
    await context.close();
  });

  it('a step page reloaded asks for its saved answers once: it takes what the boot read of it', async () => {
    for (const [mobile, path, field, fillStep] of [['123680004', '/info/base', 'Marital status', 2003], ['123680005', '/info/contact', 'E-mail', 2000]] as const) {
      const context = await phone(env.browser);
      const page = await context.newPage();
      await login(page, env.product, mobile);
      await page.getByRole('button', { name: 'Get started' }).click();
      await waitPath(page, '/info/contact');
      if (path === '/info/base') await contactToPersonal(page, 8004, '900101-14-8004');
      else await page.getByLabel(field).waitFor();
      const asked: string[] = [];
      // Read where the request leaves the page (its body is a stream the request event does not show).
      await page.route(/\/fetch-data/, async (route) => {
        asked.push(route.request().postData() ?? '');
        await route.continue();
      });
      await withoutPageAnswers(page);
      await page.reload();
      await page.getByLabel(field).first().waitFor();
      // Whatever the page asks for once it shows counts too (the next page's answers, asked ahead).
      await page.waitForTimeout(1500);
      expect(asked.filter((body) => body.includes(`"fillStep":${fillStep},`)), `${path}: ${asked.join(', ')}`).toHaveLength(1);
      await context.close();
    }
  });

  it("draws the application at once when the page says someone is logged in: one loading screen (the status checks'), not the code's first", async () => {
    const context = await phone(env.browser);
    const page = await context.newPage();
    await login(page, env.product, '123680002');
    // React keeps a loading screen up for 300 ms even when what it waits for is already there.
    await page.addInitScript(() => {
      (window as { loadingScreens?: number }).loadingScreens = 0;
      new MutationObserver((records) => {
        for (const added of records.flatMap((record) => [...record.addedNodes])) if (added instanceof Element && added.matches('.boot')) (window as { loadingScreens?: number }).loadingScreens! += 1;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.reload();
    await page.getByRole('button', { name: 'Get started' }).waitFor();
    expect(await page.evaluate(() => (window as { loadingScreens?: number }).loadingScreens)).toBe(1);
    await context.close();
  });
});
