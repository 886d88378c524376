// A page loads Malaysia's numbering plan alone, and every plan only when another area code is
// checked; until a plan arrives the digits are checked, and the form is told when it comes.
import { describe, expect, it } from 'vitest';
import { checkMobile, loadNumberingPlan, onNumberingPlanArrived } from '../src/checks/phone.ts';
import { hasEveryNumberingPlan, numberingPlanFor } from '../src/checks/numbering-plans.ts';

describe('numbering plans, as a page loads them', () => {
  it('Malaysia\'s alone first: a Malaysian number is checked in full, another area code waits for every plan', async () => {
    // Nothing here yet: the digits pass, the range is not judged.
    expect(checkMobile('60', '1234', 7, 12)).toBe('length');
    expect(checkMobile('60', '312345678', 7, 12)).toBeUndefined();
    await loadNumberingPlan('60');
    expect(numberingPlanFor('60')).toBeDefined();
    expect(Object.keys(numberingPlanFor('60')!.countries)).toEqual(['MY']);
    expect(checkMobile('60', '123456789', 7, 12)).toBeUndefined();
    expect(checkMobile('60', '312345678', 7, 12)).toBe('invalid');
    expect(hasEveryNumberingPlan()).toBe(false);

    // Hong Kong: not judged until its plan arrives; asking for it starts the load, and the form hears of it.
    let arrivals = 0;
    const stop = onNumberingPlanArrived(() => arrivals++);
    expect(checkMobile('852', '21234567', 7, 12)).toBeUndefined();
    await loadNumberingPlan('852');
    stop();
    expect(arrivals).toBe(1);
    expect(hasEveryNumberingPlan()).toBe(true);
    expect(checkMobile('852', '21234567', 7, 12)).toBe('invalid');
    expect(checkMobile('852', '51234567', 7, 12)).toBeUndefined();
    // With every plan here, an area code that has none does not exist.
    expect(checkMobile('999', '51234567', 7, 12)).toBe('invalid');
  });
});
