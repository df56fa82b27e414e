import { useState } from 'react';
import { EyeIcon, Loader2Icon, WandSparklesIcon } from 'lucide-react';
import { toast } from 'sonner';
import { countOf, formatDate, plural } from '@ips/shared/format';
import { TEMPLATE_MESSAGES } from '@ips/shared/schemas/agenda-templates';
import { Button } from '@/components/ui/button';
import { DateInput } from '@/components/ui/date-input';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { notifyError } from '@/lib/notify';
import {
  useGenerateSchedule,
  type AgendaTemplate,
  type GenerationResult,
} from '@/features/agendas/api/templates';
import { useOrgToday } from '@/features/agendas/hooks/use-org-today';

interface Props {
  /** The saved template; without an id nothing can be generated ('Primero guarde la plantilla'). */
  template: AgendaTemplate | null;
  onOpenChange: (open: boolean) => void;
}

/** Generar agendas (spec part 2 §3 "Generation request"): a preview first, then the write, all or nothing. */
export function TemplateGenerateDialog({ template, onOpenChange }: Props) {
  const { today } = useOrgToday();
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [excludeHolidays, setExcludeHolidays] = useState(true);
  const [skipExisting, setSkipExisting] = useState(true);
  const [preview, setPreview] = useState<GenerationResult | null>(null);
  const generate = useGenerateSchedule();

  const run = (dryRun: boolean) => {
    if (!template?.id) {
      toast.error(TEMPLATE_MESSAGES.saveFirst);
      return;
    }
    if (!start || !end) {
      toast.error(TEMPLATE_MESSAGES.range);
      return;
    }
    generate.mutate(
      {
        template_id: template.id,
        start_date: start,
        end_date: end,
        exclude_holidays: excludeHolidays,
        skip_existing: skipExisting,
        dry_run: dryRun,
      },
      {
        onSuccess: (res) => {
          if (dryRun) {
            setPreview(res.data);
            return;
          }
          toast.success(
            `Generadas ${res.data.generated_count}. Omitidas ${res.data.skipped_conflicts.length}`,
            { description: 'Disponibilidades generadas' },
          );
          onOpenChange(false);
        },
        onError: (e) => notifyError(e, 'Error generando'),
      },
    );
  };
  // A change of the range or the options makes the preview stale.
  const changed =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPreview(null);
    };

  return (
    <Dialog open={template !== null} onOpenChange={(o) => !generate.isPending && onOpenChange(o)}>
      <DialogContent className="flex max-h-[calc(100svh-2rem)] max-w-2xl flex-col">
        <DialogHeader>
          <DialogTitle>Generar agendas</DialogTitle>
          <DialogDescription>
            {template ? `${template.name}${template.doctor_name ? ` · ${template.doctor_name}` : ''}` : ''}
          </DialogDescription>
        </DialogHeader>
        <div className="min-h-0 flex-1 space-y-4 overflow-y-auto">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="gen-start" label="Desde" required>
              <DateInput
                id="gen-start"
                min={today}
                value={start}
                onChange={(e) => changed(setStart)(e.target.value)}
              />
            </Field>
            <Field id="gen-end" label="Hasta" required>
              <DateInput
                id="gen-end"
                min={start || today}
                value={end}
                onChange={(e) => changed(setEnd)(e.target.value)}
              />
            </Field>
          </div>
          <div className="flex flex-wrap gap-6">
            <div className="flex items-center gap-2">
              <Switch
                id="gen-holidays"
                checked={excludeHolidays}
                onCheckedChange={changed(setExcludeHolidays)}
              />
              <Label htmlFor="gen-holidays">Excluir festivos</Label>
            </div>
            <div className="flex items-center gap-2">
              <Switch id="gen-existing" checked={skipExisting} onCheckedChange={changed(setSkipExisting)} />
              <Label htmlFor="gen-existing">Omitir días con agenda existente</Label>
            </div>
          </div>
          {preview && <PreviewSummary result={preview} />}
        </div>
        <DialogFooter>
          <Button variant="outline" disabled={generate.isPending} onClick={() => run(true)}>
            <EyeIcon aria-hidden />
            Vista previa
          </Button>
          <Button disabled={generate.isPending} onClick={() => run(false)}>
            {generate.isPending ? (
              <Loader2Icon className="animate-spin" aria-hidden />
            ) : (
              <WandSparklesIcon aria-hidden />
            )}
            Generar
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function PreviewSummary({ result }: { result: GenerationResult }) {
  const agendas = result.agendas ?? [];
  return (
    <section aria-label="Vista previa" className="space-y-3 rounded-md border p-3 text-sm">
      <p className="font-medium" data-testid="preview-counts">
        Se {plural(result.generated_count, 'generará', 'generarán')}{' '}
        {countOf(result.generated_count, 'agenda')} · {countOf(result.skipped_conflicts.length, 'omitida')}
      </p>
      {result.skipped_conflicts.length > 0 && (
        <div>
          <h4 className="mb-1 font-medium">Omitidas</h4>
          <ul className="space-y-0.5 text-muted-foreground">
            {result.skipped_conflicts.map((s) => (
              <li key={`${s.date}-${s.start_time ?? ''}`}>
                {formatDate(s.date)}
                {s.start_time ? ` ${s.start_time}–${s.end_time}` : ''}: {s.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
      {agendas.length > 0 && (
        <div>
          <h4 className="mb-1 font-medium">Agendas</h4>
          <ul className="grid gap-x-4 gap-y-0.5 text-muted-foreground sm:grid-cols-2">
            {agendas.map((a) => (
              <li key={`${a.date}-${a.start_time}`}>
                {formatDate(a.date)} {a.start_time}–{a.end_time} · {countOf(a.capacity, 'cupo')}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
