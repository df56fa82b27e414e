import { DayAgendaView } from '@/features/appointments/components/day/day-agenda-view';

/** /daily-agenda?date=YYYY-MM-DD: Agenda del Día (spec §2 "Agenda del Día page"). */
export default function DailyAgendaPage() {
  return <DayAgendaView />;
}
