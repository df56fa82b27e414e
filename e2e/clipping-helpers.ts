import { expect, type Locator } from '@playwright/test';

/**
 * What a person cannot read whole: texts cut by an ellipsis or a hidden overflow ('Todas las priorida…',
 * '$ 22.915....'), an input's value or placeholder wider than its box ('Elija una tabl'), a select showing part
 * of its choice, and tables wider than their frame (the last columns behind a scroll bar).
 */
export async function clippedTexts(root: Locator): Promise<string[]> {
  return root.evaluate((rootEl) => {
    const out: string[] = [];
    const canvas = document.createElement('canvas').getContext('2d')!;
    const textWidth = (el: Element, text: string) => {
      const s = getComputedStyle(el);
      canvas.font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
      const spacing = Number.parseFloat(s.letterSpacing) || 0;
      return canvas.measureText(text).width + spacing * text.length;
    };
    const inner = (el: HTMLElement) => {
      const s = getComputedStyle(el);
      return el.clientWidth - Number.parseFloat(s.paddingLeft) - Number.parseFloat(s.paddingRight);
    };
    const visible = (el: HTMLElement) =>
      el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
    for (const el of [rootEl, ...Array.from(rootEl.querySelectorAll('*'))] as HTMLElement[]) {
      if (!visible(el) || el.closest('.sr-only')) continue;
      if (el instanceof HTMLInputElement) {
        if (['checkbox', 'radio', 'hidden', 'range', 'color', 'file'].includes(el.type)) continue;
        const text = el.value || el.placeholder;
        if (text && textWidth(el, text) > inner(el) + 1) out.push(`campo «${text}»`);
        continue;
      }
      if (el instanceof HTMLSelectElement) {
        const text = el.selectedOptions[0]?.text ?? '';
        if (text && textWidth(el, text) > inner(el) + 1) out.push(`lista «${text}»`);
        continue;
      }
      if (el.dataset.slot === 'table-container' && el.scrollWidth > el.clientWidth + 1) {
        const heads = Array.from(el.querySelectorAll('th'))
          .map((th) => th.textContent?.trim())
          .filter(Boolean);
        out.push(`tabla más ancha que su marco (${heads.join(', ')})`);
        continue;
      }
      const s = getComputedStyle(el);
      const cuts = s.textOverflow === 'ellipsis' || s.overflowX === 'hidden' || s.overflowX === 'clip';
      const text = el.textContent?.trim();
      if (cuts && text && el.scrollWidth > el.clientWidth + 1) out.push(`texto «${text}»`);
    }
    return out;
  });
}

/** Fails with the list of what is cut. */
export async function expectNothingClipped(root: Locator, what: string): Promise<void> {
  await expect.poll(() => clippedTexts(root), { message: `${what}: textos cortados` }).toEqual([]);
}
