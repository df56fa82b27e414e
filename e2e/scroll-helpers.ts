import type { Locator } from '@playwright/test';

/**
 * Waits until the element stands still on screen: its box the same over two animation frames (a smooth scroll or
 * a sticky header takes a few). For a flow that scrolled and then measures, instead of a fixed pause.
 */
export async function untilStill(target: Locator): Promise<void> {
  await target.evaluate(async (el) => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const where = () => {
      const r = el.getBoundingClientRect();
      return `${r.x},${r.y},${r.width},${r.height}`;
    };
    let before = where();
    for (let i = 0; i < 120; i++) {
      await frame();
      await frame();
      const now = where();
      if (now === before) return;
      before = now;
    }
  });
}
