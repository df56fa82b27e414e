import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import {
  ArrowLeftIcon,
  CopyIcon,
  LayoutTemplateIcon,
  PencilIcon,
  PlusIcon,
  Trash2Icon,
  WandSparklesIcon,
} from 'lucide-react';
import { TEMPLATE_MESSAGES, TEMPLATE_PAGE, WEEKDAY_LABELS } from '@ips/shared/schemas/agenda-templates';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState, ListSkeleton, LoadError } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { SearchInput } from '@/components/search-input';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Pagination } from '@/components/ui/pagination';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useDebounced } from '@/lib/use-debounced';
import {
  useDeleteTemplate,
  useDuplicateTemplate,
  useTemplates,
  type AgendaTemplate,
} from '@/features/agendas/api/templates';
import { TemplateFormDialog } from '@/features/agendas/components/templates/template-form-dialog';
import { TemplateGenerateDialog } from '@/features/agendas/components/templates/template-generate-dialog';

const dayNames = (days: number[]) =>
  days.length === 7 ? 'Todos los días' : days.map((d) => WEEKDAY_LABELS[d]?.slice(0, 3)).join(', ');

/** Plantillas de Agenda (spec part 2 §2): a list of cards, the create/edit dialog and the generate dialog. */
export function TemplatesView() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const list = useTemplates(page, useDebounced(search));
  const [editing, setEditing] = useState<AgendaTemplate | 'new' | null>(null);
  const [generating, setGenerating] = useState<AgendaTemplate | null>(null);
  const [deleting, setDeleting] = useState<AgendaTemplate | null>(null);
  const remove = useDeleteTemplate();
  const duplicate = useDuplicateTemplate();
  const total = list.data?.total ?? 0;
  // Spec part 2 §8 "Templates": a failed load is also told in a toast.
  useEffect(() => {
    if (list.isError) notifyError(list.error, 'Error cargando plantillas');
  }, [list.isError, list.error]);

  return (
    <div className="mx-auto w-full max-w-7xl">
      <PageHeader
        title="Plantillas de Agenda"
        description="Horarios semanales que generan las agendas de un rango de fechas, sin festivos ni cruces."
        actions={
          <>
            <Button variant="outline" asChild>
              <Link to="/appointments">
                <ArrowLeftIcon aria-hidden />
                Gestión de Agenda
              </Link>
            </Button>
            <Button onClick={() => setEditing('new')}>
              <PlusIcon aria-hidden />
              Nueva plantilla
            </Button>
          </>
        }
      />
      <div className="mb-4 max-w-sm">
        <SearchInput
          value={search}
          onChange={(v) => {
            setSearch(v);
            setPage(1);
          }}
          label="Buscar plantilla"
          placeholder="Buscar plantilla por nombre"
        />
      </div>
      {list.isPending ? (
        <ListSkeleton label="Cargando plantillas" />
      ) : list.isError ? (
        <LoadError title="Error cargando plantillas" error={list.error} onRetry={() => void list.refetch()} />
      ) : total === 0 ? (
        <EmptyState
          icon={LayoutTemplateIcon}
          title="No hay plantillas"
          description="Cree una plantilla con los días y horarios de un profesional y genere sus agendas."
        />
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3" aria-label="Plantillas">
          {list.data.data.map((t) => (
            <li key={t.id}>
              <Card className="h-full" data-testid="template-card">
                <CardHeader className="sm:flex-col sm:gap-1.5">
                  <div className="flex w-full items-start justify-between gap-2">
                    <CardTitle>{t.name}</CardTitle>
                    {!t.active && <Badge variant="secondary">Inactiva</Badge>}
                  </div>
                  <CardDescription>
                    {[t.doctor_name, t.specialty_name, t.location_name].filter(Boolean).join(' · ') ||
                      'Sin doctor, especialidad ni sede'}
                  </CardDescription>
                </CardHeader>
                <CardContent className="space-y-1 text-sm">
                  <p>{dayNames(t.days_of_week)}</p>
                  <p className="text-muted-foreground">
                    {t.time_slots.map((s) => `${s.start}–${s.end} (${s.capacity})`).join(' · ')}
                  </p>
                  <p className="text-muted-foreground">
                    {t.duration_minutes} min por cita
                    {t.break_between_slots ? ` · pausa ${t.break_between_slots} min` : ''}
                  </p>
                  {t.description && <p className="text-muted-foreground">{t.description}</p>}
                </CardContent>
                <CardFooter className="flex flex-wrap gap-2">
                  <Button size="sm" onClick={() => setGenerating(t)} disabled={!t.active}>
                    <WandSparklesIcon aria-hidden />
                    Generar
                  </Button>
                  <Button size="sm" variant="outline" onClick={() => setEditing(t)}>
                    <PencilIcon aria-hidden />
                    Editar
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={duplicate.isPending}
                    onClick={() =>
                      duplicate.mutate(t.id, {
                        onSuccess: () => notifySuccess('Plantilla duplicada'),
                        onError: (e) => notifyError(e, 'Error duplicando'),
                      })
                    }
                  >
                    <CopyIcon aria-hidden />
                    Duplicar
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Eliminar ${t.name}`}
                    onClick={() => setDeleting(t)}
                  >
                    <Trash2Icon aria-hidden />
                  </Button>
                </CardFooter>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <Pagination
        className="mt-4"
        page={page}
        pageCount={Math.max(1, Math.ceil(total / TEMPLATE_PAGE.default))}
        total={total}
        pageSize={TEMPLATE_PAGE.default}
        onPageChange={setPage}
        itemLabel="plantillas"
        itemOne="plantilla"
      />
      {editing && (
        <TemplateFormDialog
          open
          onOpenChange={(o) => !o && setEditing(null)}
          template={editing === 'new' ? undefined : editing}
        />
      )}
      <TemplateGenerateDialog template={generating} onOpenChange={(o) => !o && setGenerating(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={TEMPLATE_MESSAGES.confirmDelete}
        description={`Se eliminará "${deleting?.name ?? ''}". Las agendas ya generadas se conservan.`}
        confirmLabel="Eliminar"
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notifySuccess('Eliminada');
              setDeleting(null);
            },
            onError: (e) => notifyError(e, 'Error'),
          })
        }
      />
    </div>
  );
}
