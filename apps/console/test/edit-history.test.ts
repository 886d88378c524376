// The studio's one undo history: keystrokes of one burst are one step, other edits one step each,
// undo and redo walk back and forth, and a new edit after an undo drops what could be redone.
import { describe, expect, it } from 'vitest';
import { HISTORY_LIMIT, TYPING_PAUSE_MS, emptyHistory, recorded, redone, undone } from '../src/studio/edit-history.ts';

describe('the studio edit history', () => {
  it('joins keystrokes from one source within the pause, and nothing else', () => {
    let history = emptyHistory<string>();
    history = recorded(history, 'a', 'json', true, 0);
    history = recorded(history, 'ab', 'json', true, TYPING_PAUSE_MS - 1);
    expect(history.past).toEqual(['a']);
    // After a pause, a new step; from another source, a new step; a click is always its own.
    history = recorded(history, 'abc', 'json', true, 2 * TYPING_PAUSE_MS + 10);
    history = recorded(history, 'abcd', 'texts', true, 2 * TYPING_PAUSE_MS + 20);
    history = recorded(history, 'abcde', 'tree', false, 2 * TYPING_PAUSE_MS + 30);
    history = recorded(history, 'abcdef', 'tree', false, 2 * TYPING_PAUSE_MS + 40);
    expect(history.past).toEqual(['a', 'abc', 'abcd', 'abcde', 'abcdef']);
  });

  it('undoes and redoes in order, and a new edit drops the redo steps', () => {
    let history = emptyHistory<string>();
    history = recorded(history, 'one', 'tree', false, 0);
    history = recorded(history, 'two', 'tree', false, 1);
    // Now showing "three".
    const back = undone(history, 'three')!;
    expect(back.value).toBe('two');
    const backAgain = undone(back.history, back.value)!;
    expect(backAgain.value).toBe('one');
    expect(undone(backAgain.history, backAgain.value)).toBeUndefined();
    const forth = redone(backAgain.history, backAgain.value)!;
    expect(forth.value).toBe('two');
    expect(redone(forth.history, forth.value)!.value).toBe('three');
    const edited = recorded(forth.history, 'two', 'json', true, 5);
    expect(edited.future).toEqual([]);
    expect(redone(edited, 'two*')).toBeUndefined();
  });

  it('keeps the newest steps up to its limit', () => {
    let history = emptyHistory<number>();
    for (let i = 0; i < HISTORY_LIMIT + 10; i++) history = recorded(history, i, 'tree', false, i);
    expect(history.past).toHaveLength(HISTORY_LIMIT);
    expect(history.past[0]).toBe(10);
  });
});
