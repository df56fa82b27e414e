import type { PriorityLevel } from '@ips/shared/schemas/queue-entry';

type Rgb = [number, number, number];

/**
 * Spec §7 "Exports" and the queue screen: Urgente red, Alta orange, Normal green. The spec gives Baja no colour;
 * it is shown in neutral slate so it reads as the least pressing.
 */
export const PRIORITY_STYLES: Record<PriorityLevel, { badge: string; dot: string; rgb: Rgb }> = {
  Urgente: {
    badge: 'border-red-200 bg-red-100 text-red-800',
    dot: 'bg-red-600',
    rgb: [220, 38, 38],
  },
  Alta: {
    badge: 'border-orange-200 bg-orange-100 text-orange-800',
    dot: 'bg-orange-500',
    rgb: [234, 88, 12],
  },
  Normal: {
    badge: 'border-green-200 bg-green-100 text-green-800',
    dot: 'bg-green-600',
    rgb: [22, 163, 74],
  },
  Baja: {
    badge: 'border-slate-200 bg-slate-100 text-slate-700',
    dot: 'bg-slate-400',
    rgb: [100, 116, 139],
  },
};

export function priorityStyle(level: string) {
  return PRIORITY_STYLES[level as PriorityLevel] ?? PRIORITY_STYLES.Baja;
}

/** Spec §2 waiting-list dialog: green above 5 free slots, yellow above 2, orange otherwise. */
export function freeSlotsBadgeClass(free: number): string {
  if (free > 5) return 'border-green-200 bg-green-100 text-green-800';
  if (free > 2) return 'border-yellow-200 bg-yellow-100 text-yellow-800';
  return 'border-orange-200 bg-orange-100 text-orange-800';
}
