import { TemplatesView } from '@/features/agendas/components/templates/templates-view';

/** /agenda-templates — Plantillas de Agenda (spec part 2 §2), reached from Gestión de Agenda. */
export default function AgendaTemplatesPage() {
  return <TemplatesView />;
}
