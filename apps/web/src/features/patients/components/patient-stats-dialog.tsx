import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { ActivityIcon, BabyIcon, UsersIcon, UserRoundIcon } from 'lucide-react';
import { toast } from 'sonner';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { usePatientStats, type PatientStatistics } from '@/features/patients/api/get-patient-stats';
import { errorMessage } from '@/lib/error-toast';

// Recharts comes with these components only, when the dialog shows a chart.
const charts = () => import('@/features/patients/components/patient-stats-charts');
const GenderCharts = lazy(() => charts().then((m) => ({ default: m.GenderCharts })));
const AgeChart = lazy(() => charts().then((m) => ({ default: m.AgeChart })));
const BloodCharts = lazy(() => charts().then((m) => ({ default: m.BloodCharts })));
const SocioCharts = lazy(() => charts().then((m) => ({ default: m.SocioCharts })));

const nf = new Intl.NumberFormat('es-CO', { maximumFractionDigits: 1 });

function StatCard({
  title,
  icon,
  value,
  note,
}: {
  title: string;
  icon: ReactNode;
  value: string;
  note: string;
}) {
  return (
    <Card className="gap-1 px-4 py-3" aria-label={title}>
      <div className="flex items-center justify-between text-muted-foreground">
        <p className="text-xs font-medium">{title}</p>
        {icon}
      </div>
      <p className="text-xl font-semibold tabular-nums">{value}</p>
      <p className="text-xs text-muted-foreground">{note}</p>
    </Card>
  );
}

function Cards({ s }: { s: PatientStatistics }) {
  const child = (g: string) => s.children_by_gender.find((x) => x.gender === g)?.count ?? 0;
  const children = s.children_by_gender.reduce((n, x) => n + x.count, 0);
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatCard
        title="Total Pacientes"
        icon={<UsersIcon className="size-4" aria-hidden />}
        value={nf.format(s.total_patients)}
        note="Registrados en la IPS"
      />
      <StatCard
        title="Edad Promedio"
        icon={<ActivityIcon className="size-4" aria-hidden />}
        value={s.average_age === null ? '—' : `${nf.format(s.average_age)} años`}
        note={s.min_age === null ? 'Sin fechas de nacimiento' : `Rango: ${s.min_age} - ${s.max_age} años`}
      />
      <StatCard
        title="Niños/as < 18 años"
        icon={<BabyIcon className="size-4" aria-hidden />}
        value={nf.format(children)}
        note={`Niños: ${nf.format(child('Masculino'))} · Niñas: ${nf.format(child('Femenino'))}`}
      />
      <StatCard
        title="Adultos Mayores"
        icon={<UserRoundIcon className="size-4" aria-hidden />}
        value={nf.format(s.elderly_count)}
        note="60 años o más"
      />
    </div>
  );
}

const chartFallback = <Skeleton className="h-72 w-full" />;

/** Estadísticas Demográficas de Pacientes: asked for only while open. */
export function PatientStatsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const stats = usePatientStats({ enabled: open });
  useEffect(() => {
    if (stats.error) toast.error('Error al cargar estadísticas', { description: errorMessage(stats.error) });
  }, [stats.error]);
  const s = stats.data;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="flex max-h-[92svh] max-w-5xl flex-col overflow-hidden">
        <DialogHeader>
          <DialogTitle>Estadísticas Demográficas de Pacientes</DialogTitle>
          <DialogDescription>
            Distribución de la población atendida por género, edad, sangre y estrato.
          </DialogDescription>
        </DialogHeader>
        <div className="-mx-6 min-h-0 flex-1 space-y-5 overflow-y-auto px-6 pb-1">
          {stats.isPending ? (
            <div className="space-y-4" role="status" aria-label="Cargando estadísticas">
              <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
                {Array.from({ length: 4 }, (_, i) => (
                  <Skeleton key={i} className="h-20" />
                ))}
              </div>
              {chartFallback}
            </div>
          ) : stats.isError ? (
            <Alert variant="destructive" role="alert">
              <AlertTitle>Error al cargar estadísticas</AlertTitle>
              <AlertDescription>{errorMessage(stats.error)}</AlertDescription>
            </Alert>
          ) : s ? (
            <>
              <Cards s={s} />
              <Tabs defaultValue="genero">
                <TabsList className="w-full justify-start sm:w-fit" aria-label="Tipo de gráfico">
                  <TabsTrigger value="genero">Género</TabsTrigger>
                  <TabsTrigger value="edad">Edad</TabsTrigger>
                  <TabsTrigger value="sangre">Tipo Sangre</TabsTrigger>
                  <TabsTrigger value="socio">Socioeconómico</TabsTrigger>
                </TabsList>
                <Suspense fallback={chartFallback}>
                  <TabsContent value="genero">
                    <GenderCharts stats={s} />
                  </TabsContent>
                  <TabsContent value="edad">
                    <AgeChart stats={s} />
                  </TabsContent>
                  <TabsContent value="sangre">
                    <BloodCharts stats={s} />
                  </TabsContent>
                  <TabsContent value="socio">
                    <SocioCharts stats={s} />
                  </TabsContent>
                </Suspense>
              </Tabs>
            </>
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}
