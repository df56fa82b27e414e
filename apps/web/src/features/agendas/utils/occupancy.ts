/** Occupancy colours and quota bands of spec part 1 §2 and part 2 §4. */
export type Tone = 'green' | 'yellow' | 'red';

/** used ÷ total as a percent, unrounded (thresholds compare this; 79.6% is not yet 80%). */
function ratioPercent(used: number, total: number): number {
  if (total <= 0) return used > 0 ? 100 : 0;
  return (used / total) * 100;
}

/** Rounded percent, for display. */
export function occupancyPercent(used: number, total: number): number {
  return Math.round(ratioPercent(used, total));
}

/** The agenda card's bar: red at 100% or more, yellow at 80% or more, green otherwise. */
export function cardOccupancyTone(booked: number, capacity: number): Tone {
  const p = ratioPercent(booked, capacity);
  return p >= 100 ? 'red' : p >= 80 ? 'yellow' : 'green';
}

/** The other list view: under 50% green, 50–80% yellow, 80% and above red. */
export function listOccupancyTone(booked: number, capacity: number): Tone {
  const p = ratioPercent(booked, capacity);
  return p >= 80 ? 'red' : p >= 50 ? 'yellow' : 'green';
}

export const TONE_BAR: Record<Tone, string> = {
  green: 'bg-emerald-500',
  yellow: 'bg-amber-400',
  red: 'bg-red-500',
};

/** The availability list highlights an agenda in yellow at 5 or fewer free slots. */
export const LOW_AVAILABILITY_SLOTS = 5;
export const isLowAvailability = (available: number) => available <= LOW_AVAILABILITY_SLOTS;

export type QuotaBand = 'critical' | 'high' | 'medium' | 'low';

/** Quota utilisation (assigned ÷ quota): ≥90% critical, ≥80% high, ≥60% medium, below that low. */
export function quotaBand(assigned: number, quota: number): QuotaBand {
  const p = ratioPercent(assigned, quota);
  return p >= 90 ? 'critical' : p >= 80 ? 'high' : p >= 60 ? 'medium' : 'low';
}

/** Badge variant per band: red/destructive, yellow/secondary, blue/default, green/outline. */
export const QUOTA_BAND_STYLE: Record<QuotaBand, { label: string; className: string }> = {
  critical: { label: '≥ 90 %', className: 'border-transparent bg-destructive text-white' },
  high: { label: '≥ 80 %', className: 'border-transparent bg-amber-300 text-amber-950' },
  medium: { label: '≥ 60 %', className: 'border-transparent bg-blue-600 text-white' },
  low: { label: '< 60 %', className: 'border-emerald-500 bg-transparent text-emerald-700' },
};
