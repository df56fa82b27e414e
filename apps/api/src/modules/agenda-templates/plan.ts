import { daysBetween, isoWeekday, toMinutes } from '@ips/shared/scheduling/calendar-days';
import type { PlannedAgendaDto, SkippedConflictDto } from '@ips/shared/schemas/agenda-templates';
import type { TemplateSlot } from '../../db/schema/agenda-templates';
import { blocksOverlap, OVERLAP_MESSAGE } from '../availabilities';

export interface Block {
  date: string;
  start: string;
  end: string;
}

/** The doctor's agendas per date, existing and already planned in this run (a later template sees earlier ones). */
export class DoctorDays {
  private readonly byKey = new Map<string, Block[]>();
  add(doctorId: number, b: Block) {
    const key = `${doctorId}:${b.date}`;
    const list = this.byKey.get(key);
    if (list) list.push(b);
    else this.byKey.set(key, [b]);
  }
  clash(doctorId: number, b: Block): Block | undefined {
    return this.byKey.get(`${doctorId}:${b.date}`)?.find((x) => blocksOverlap(x, b));
  }
}

export interface PlanInput {
  templateId: number;
  doctorId: number;
  daysOfWeek: number[];
  slots: TemplateSlot[];
  start: string;
  end: string;
  /** Holiday dates and names; null when holidays are not excluded. */
  holidays: Map<string, string> | null;
  skipExisting: boolean;
  today: string;
  nowMinutes: number;
}

export interface Plan {
  planned: PlannedAgendaDto[];
  skipped: SkippedConflictDto[];
  /** Overlaps found while skip_existing is false: the generation is refused with the first. */
  clashes: SkippedConflictDto[];
}

const hhmm = (t: string) => t.slice(0, 5);

/**
 * The agendas a template describes over a range (decision 035): one per template slot on each of its weekdays,
 * except days before today, slots of today that have already started, holidays (when excluded) and slots that
 * cross an agenda the doctor already has. Days outside the template's weekdays are not conflicts and are not
 * listed. `days` is updated with what is planned.
 */
export function planTemplate(input: PlanInput, days: DoctorDays): Plan {
  const plan: Plan = { planned: [], skipped: [], clashes: [] };
  const weekdays = new Set(input.daysOfWeek);
  const base = { template_id: input.templateId };
  for (const date of daysBetween(input.start, input.end)) {
    if (!weekdays.has(isoWeekday(date))) continue;
    if (date < input.today) {
      plan.skipped.push({
        ...base,
        date,
        start_time: null,
        end_time: null,
        kind: 'past',
        reason: 'Fecha pasada',
      });
      continue;
    }
    const holiday = input.holidays?.get(date);
    if (holiday !== undefined) {
      plan.skipped.push({
        ...base,
        date,
        start_time: null,
        end_time: null,
        kind: 'holiday',
        reason: `Festivo: ${holiday}`,
      });
      continue;
    }
    for (const slot of input.slots) {
      const block = { date, start: slot.start, end: slot.end };
      const times = { start_time: slot.start, end_time: slot.end };
      if (date === input.today && toMinutes(slot.start) <= input.nowMinutes) {
        plan.skipped.push({ ...base, date, ...times, kind: 'past', reason: 'Horario ya pasado' });
        continue;
      }
      const clash = days.clash(input.doctorId, block);
      if (clash) {
        const entry = {
          ...base,
          date,
          ...times,
          kind: 'existing' as const,
          reason: `${OVERLAP_MESSAGE} (${hhmm(clash.start)}–${hhmm(clash.end)})`,
        };
        (input.skipExisting ? plan.skipped : plan.clashes).push(entry);
        continue;
      }
      days.add(input.doctorId, block);
      plan.planned.push({ ...base, date, ...times, capacity: slot.capacity });
    }
  }
  return plan;
}
