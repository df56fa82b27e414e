import { describe, expect, it } from 'vitest';
import type { Executor } from '../db/client';
import type { AppEvent } from './event-bus';
import { LiveSettings, SETTINGS_CHANNEL } from './live-settings';

/** A database whose reads answer what the test says, when it says. */
function fakeDb() {
  const pending: ((rows: { key: string; value: unknown }[]) => void)[] = [];
  let rows: { key: string; value: unknown }[] = [];
  const db = {
    select: () => ({
      from: () =>
        pending.length === 0 && !hold.on
          ? Promise.resolve(rows)
          : new Promise<{ key: string; value: unknown }[]>((r) => pending.push(r)),
    }),
  } as unknown as Executor;
  const hold = { on: false };
  return { db, pending, hold, setRows: (r: typeof rows) => (rows = r) };
}

function fakeBus() {
  const handlers: ((e: AppEvent) => void)[] = [];
  return {
    subscribe: (channel: string, fn: (e: AppEvent) => void) => {
      expect(channel).toBe(SETTINGS_CHANNEL);
      handlers.push(fn);
      return () => {};
    },
    emit: () =>
      handlers.forEach((h) => h({ id: 1, channel: 'settings', type: 'x', payload: {}, createdAt: '' })),
  };
}

describe('LiveSettings', () => {
  it('falls back to the defaults, ignores an invalid stored zone, and follows the event', async () => {
    const f = fakeDb();
    f.setRows([{ key: 'org_timezone', value: 'No/Zone' }]);
    const bus = fakeBus();
    const live = await LiveSettings.start(f.db, bus, { org_timezone: 'America/Bogota', org_name: 'X' }, 0);
    expect(live.orgTimezone).toBe('America/Bogota');
    expect(live.get('org_name')).toBe('X');
    f.setRows([{ key: 'org_timezone', value: 'Europe/Madrid' }]);
    bus.emit();
    await new Promise((r) => setTimeout(r, 0));
    expect(live.orgTimezone).toBe('Europe/Madrid');
  });

  it('a read that started before a committed change never overwrites it', async () => {
    const f = fakeDb();
    f.setRows([{ key: 'org_timezone', value: 'America/Bogota' }]);
    const live = await LiveSettings.start(f.db, fakeBus(), { org_timezone: 'America/Bogota' }, 0);
    f.hold.on = true;
    const slow = live.reload(); // reads the old value, answers late
    live.applyCommitted({ org_timezone: 'Asia/Tokyo' });
    f.pending.shift()!([{ key: 'org_timezone', value: 'America/Bogota' }]);
    await slow;
    expect(live.orgTimezone).toBe('Asia/Tokyo');
  });
});
