import { describe, expect, it } from 'vitest';
import { listKeyAction } from './list-navigation';

describe('listKeyAction', () => {
  it('moves down from nothing to the first, and wraps at the end', () => {
    expect(listKeyAction('ArrowDown', -1, 3)).toEqual({ type: 'move', index: 0 });
    expect(listKeyAction('ArrowDown', 1, 3)).toEqual({ type: 'move', index: 2 });
    expect(listKeyAction('ArrowDown', 2, 3)).toEqual({ type: 'move', index: 0 });
  });

  it('moves up and wraps to the last', () => {
    expect(listKeyAction('ArrowUp', 2, 3)).toEqual({ type: 'move', index: 1 });
    expect(listKeyAction('ArrowUp', 0, 3)).toEqual({ type: 'move', index: 2 });
    expect(listKeyAction('ArrowUp', -1, 3)).toEqual({ type: 'move', index: 2 });
  });

  it('selects the highlighted one with Enter, and nothing when several are offered and none is highlighted', () => {
    expect(listKeyAction('Enter', 1, 3)).toEqual({ type: 'select', index: 1 });
    expect(listKeyAction('Enter', -1, 3)).toEqual({ type: 'none' });
    expect(listKeyAction('Enter', 3, 3)).toEqual({ type: 'none' });
  });

  it('selects the only suggestion with Enter without highlighting it first', () => {
    expect(listKeyAction('Enter', -1, 1)).toEqual({ type: 'select', index: 0 });
    expect(listKeyAction('Enter', 0, 1)).toEqual({ type: 'select', index: 0 });
    expect(listKeyAction('Enter', -1, 0)).toEqual({ type: 'none' });
  });

  it('closes with Escape and ignores other keys and empty lists', () => {
    expect(listKeyAction('Escape', 0, 3)).toEqual({ type: 'close' });
    expect(listKeyAction('a', 0, 3)).toEqual({ type: 'none' });
    expect(listKeyAction('ArrowDown', -1, 0)).toEqual({ type: 'none' });
    expect(listKeyAction('ArrowUp', -1, 0)).toEqual({ type: 'none' });
  });
});
