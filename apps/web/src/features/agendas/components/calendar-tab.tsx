import { useState } from 'react';
import { addDays } from '@ips/shared/scheduling/calendar-days';
import { useAgendas, type AgendaListParams } from '@/features/agendas/api/agendas';
import { AgendaFiltersPanel } from '@/features/agendas/components/agenda-filters-panel';
import { AvailabilityList } from '@/features/agendas/components/availability-list';
import { DailyAgendaList } from '@/features/agendas/components/daily-agenda-list';
import { MonthSummaryCalendar } from '@/features/agendas/components/month-summary-calendar';
import { WeekNavigator } from '@/features/agendas/components/week-navigator';
import {
  EMPTY_FILTERS,
  matchesSearch,
  type AgendaFilterState,
} from '@/features/agendas/utils/agenda-filters';
import { monthRange } from '@/features/agendas/utils/week';
import { useOrgClock } from '@/features/agendas/hooks/use-org-clock';
import { agendaCanStart } from '@/features/agendas/utils/agenda-display';

/** Spec §9: upcoming availabilities cover 7 days, at most 10 shown. */
const UPCOMING_DAYS = 7;
const UPCOMING_MAX = 10;

interface CalendarTabProps {
  today: string;
  canManage: boolean;
  selected: string | null;
  onSelect: (day: string | null) => void;
}

/** The Calendario tab: search and filters, week navigator, daily list, month summary and availability list. */
export function CalendarTab({ today, canManage, selected, onSelect }: CalendarTabProps) {
  const { nowMinutes } = useOrgClock();
  const [filters, setFilters] = useState<AgendaFilterState>(EMPTY_FILTERS);
  const [weekAnchor, setWeekAnchor] = useState(selected ?? today);
  const [month, setMonth] = useState((selected ?? today).slice(0, 7));

  const serverFilters: AgendaListParams = {
    location_id: filters.locations[0],
    specialty_id: filters.specialties[0],
    status: filters.status[0],
  };
  const daily = useAgendas(
    selected
      ? { ...serverFilters, date: selected }
      : {
          ...serverFilters,
          status: serverFilters.status ?? 'Activa',
          start_date: today,
          end_date: addDays(today, UPCOMING_DAYS),
          upcoming: true,
        },
  );
  const { start, end } = monthRange(month);
  const from = start < today ? today : start;
  // Disponibilidad lists what can still be booked: not the blocks that have ended (the server leaves them out,
  // and the clock drops one that ends while the screen is open).
  const monthAgendas = useAgendas(
    { ...serverFilters, status: 'Activa', start_date: from, end_date: end, upcoming: true },
    from <= end,
  );

  const search = (list: typeof daily.data) =>
    (list ?? []).filter((a) => matchesSearch(a, filters.searchTerm));
  const stillOpen = (list: typeof daily.data) =>
    search(list).filter((a) => agendaCanStart(a, today, nowMinutes));
  const dailyList = selected ? search(daily.data) : stillOpen(daily.data).slice(0, UPCOMING_MAX);

  const select = (day: string | null) => {
    onSelect(day);
    if (day) {
      setWeekAnchor(day);
      setMonth(day.slice(0, 7));
    }
  };

  return (
    <div className="space-y-4">
      <AgendaFiltersPanel value={filters} onChange={setFilters} />
      <WeekNavigator
        anchor={weekAnchor}
        onAnchorChange={setWeekAnchor}
        today={today}
        selected={selected}
        onSelect={select}
        canCreate={canManage}
      />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(18rem,1fr)]">
        <DailyAgendaList
          date={selected}
          agendas={dailyList}
          isPending={daily.isPending}
          error={daily.isError ? daily.error : null}
          onRetry={() => void daily.refetch()}
          onClearDate={() => select(null)}
          canCreate={canManage && (!selected || selected >= today)}
        />
        <div className="space-y-4">
          <MonthSummaryCalendar
            month={month}
            onMonthChange={setMonth}
            today={today}
            selected={selected}
            onSelect={select}
          />
          <AvailabilityList
            agendas={from <= end ? stillOpen(monthAgendas.data) : []}
            isPending={from <= end && monthAgendas.isPending}
          />
        </div>
      </div>
    </div>
  );
}
