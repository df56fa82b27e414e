import { useState } from 'react';
import { Link } from 'react-router';
import { CalendarPlusIcon, LayoutTemplateIcon, PrinterIcon } from 'lucide-react';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAgendaDialogs } from '@/features/agendas/components/agenda-dialogs-context';
import { useAgendaSlots } from '@/features/agendas/components/agenda-slots';
import { AutoCancelDialog } from '@/features/agendas/components/auto-cancel-dialog';
import { CalendarTab } from '@/features/agendas/components/calendar-tab';
import { QuotaTab } from '@/features/agendas/components/distribution/quota-tab';
import { useCanCancelAgendas, useCanManageAgendas } from '@/features/agendas/hooks/use-agenda-permissions';
import { useOrgToday } from '@/features/agendas/hooks/use-org-today';

/**
 * Gestión de Agenda Médica (spec part 1 §2). 'Nueva Cita' (smart assignment) and the booking actions come from
 * the booking feature through AgendaSlotsProvider (see app/routes/agenda-management-page.tsx).
 */
export function AgendaManagementView() {
  const { today } = useOrgToday();
  const canManage = useCanManageAgendas();
  const canCancel = useCanCancelAgendas();
  const dialogs = useAgendaDialogs();
  const { headerActions } = useAgendaSlots();
  const [selected, setSelected] = useState<string | null>(null);

  return (
    <div className="mx-auto w-full max-w-7xl">
      <PageHeader
        title="Gestión de Agenda Médica"
        description="Agendas de los profesionales por día y semana, su ocupación y la distribución de cupos."
        actions={
          <>
            <Button
              variant="outline"
              onClick={() => dialogs.open({ kind: 'print', date: selected ?? today })}
            >
              <PrinterIcon aria-hidden />
              Imprimir Agenda
            </Button>
            {headerActions}
            {canManage && (
              <Button variant="outline" asChild>
                <Link to="/agenda-templates">
                  <LayoutTemplateIcon aria-hidden />
                  Plantillas
                </Link>
              </Button>
            )}
            {canManage && (
              <Button
                onClick={() =>
                  dialogs.open({ kind: 'create', date: selected && selected >= today ? selected : undefined })
                }
              >
                <CalendarPlusIcon aria-hidden />
                Crear Agenda
              </Button>
            )}
          </>
        }
      />
      <Tabs defaultValue="calendar">
        <TabsList>
          <TabsTrigger value="calendar">Calendario</TabsTrigger>
          <TabsTrigger value="distribution">Distribución</TabsTrigger>
        </TabsList>
        <TabsContent value="calendar" className="mt-4">
          <CalendarTab today={today} canManage={canManage} selected={selected} onSelect={setSelected} />
        </TabsContent>
        <TabsContent value="distribution" className="mt-4">
          <QuotaTab today={today} canManage={canManage} />
        </TabsContent>
      </Tabs>
      {canCancel && <AutoCancelDialog selected={selected} today={today} />}
    </div>
  );
}
