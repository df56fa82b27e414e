import { describe, expect, it } from 'vitest';
import { splitDialogClassName } from './dialog-classes';

describe('splitDialogClassName', () => {
  it('gives the size classes to the frame and the rest to the scrolling body', () => {
    expect(splitDialogClassName('flex max-h-[92svh] max-w-3xl flex-col gap-0 p-0')).toEqual({
      frame: 'max-h-[92svh] max-w-3xl',
      body: 'flex flex-col gap-0 p-0',
    });
    expect(splitDialogClassName('max-h-[92vh] overflow-y-auto sm:max-w-3xl')).toEqual({
      frame: 'max-h-[92vh] sm:max-w-3xl',
      body: 'overflow-y-auto',
    });
    expect(splitDialogClassName('w-96 min-h-40 size-full h-fit md:!max-w-xl')).toEqual({
      frame: 'w-96 min-h-40 size-full h-fit md:!max-w-xl',
      body: '',
    });
  });

  it('keeps what only looks like a size with the body', () => {
    expect(splitDialogClassName('whitespace-nowrap shadow-xl gap-4 hover:bg-muted')).toEqual({
      frame: '',
      body: 'whitespace-nowrap shadow-xl gap-4 hover:bg-muted',
    });
    expect(splitDialogClassName(undefined)).toEqual({ frame: '', body: '' });
  });
});
