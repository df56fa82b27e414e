import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import { ChevronDownIcon, ChevronRightIcon, WrenchIcon } from 'lucide-react';
import type { RipsProblemGroupDto } from '@ips/shared/schemas/rips';
import { countOf } from '@ips/shared/format';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Pagination } from '@/components/ui/pagination';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { PROBLEMS_PAGE, useProblemGroups, useProblems } from '@/features/rips/api/rips';

const citas = (n: number) => countOf(n, 'cita');

/** The appointments of one cause, a page at a time, each with its link to fix it. */
function CauseProblems({ packageId, group }: { packageId: number; group: RipsProblemGroupDto }) {
  const [page, setPage] = useState(1);
  const problems = useProblems(packageId, page, group.cause);
  const d = problems.data;
  if (!d) return <p className="text-muted-foreground p-2 text-sm">Cargando…</p>;
  return (
    <div className="space-y-2 py-1">
      <ul className="divide-y rounded-md border" aria-label={`Citas: ${group.message}`}>
        {d.items.map((p, i) => (
          <li
            key={`${p.path}-${i}`}
            className="flex flex-wrap items-center gap-x-4 gap-y-1 px-3 py-2 text-sm"
          >
            <span className="font-medium">{p.appointment_id ? `Cita ${p.appointment_id}` : 'Paquete'}</span>
            <span className="text-muted-foreground font-mono text-xs" title={p.path}>
              {p.path}
            </span>
            {p.message !== group.message && <span>{p.message}</span>}
            <Button size="sm" variant="outline" className="ml-auto" asChild>
              <Link to={p.link}>
                <WrenchIcon aria-hidden /> Corregir
              </Link>
            </Button>
          </li>
        ))}
      </ul>
      {d.listed > PROBLEMS_PAGE && (
        <Pagination
          page={page}
          pageCount={Math.ceil(d.listed / PROBLEMS_PAGE)}
          total={d.listed}
          pageSize={PROBLEMS_PAGE}
          onPageChange={setPage}
          itemLabel="citas"
          itemOne="cita"
        />
      )}
    </div>
  );
}

/**
 * A package's problems grouped by cause (field and what to do) with how many appointments each affects, the most
 * frequent first; a cause opens to its appointments, each with its link to fix it (issue 34: 714 problems listed
 * one by one hid the three things to do).
 */
export function ProblemsList({ packageId }: { packageId: number }) {
  const groups = useProblemGroups(packageId);
  const [open, setOpen] = useState<string | null>(null);
  const d = groups.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Problemas del paquete {packageId}</CardTitle>
        <CardDescription>
          {d
            ? d.total === 0
              ? 'Sin problemas: el paquete puede marcarse como listo.'
              : `${d.total.toLocaleString('es-CO')} por corregir en ${countOf(d.items.length, 'causa')}${d.listed < d.total ? ` (se agrupan los primeros ${d.listed.toLocaleString('es-CO')})` : ''}. Corrija y genere el paquete de nuevo.`
            : 'Cargando…'}
        </CardDescription>
      </CardHeader>
      {d && d.items.length > 0 && (
        <CardContent>
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Problema</TableHead>
                <TableHead>Campo</TableHead>
                <TableHead>Qué hacer</TableHead>
                <TableHead className="text-right">Afectadas</TableHead>
                <TableHead />
              </TableRow>
            </TableHeader>
            <TableBody>
              {d.items.map((g) => {
                const expanded = open === g.cause;
                return (
                  <Fragment key={g.cause}>
                    <TableRow data-testid="problem-group">
                      <TableCell className="whitespace-normal">{g.message}</TableCell>
                      <TableCell className="font-mono text-xs">{g.field}</TableCell>
                      <TableCell className="text-muted-foreground whitespace-normal">{g.fix}</TableCell>
                      <TableCell className="text-right">
                        <Badge variant="secondary">{citas(g.count)}</Badge>
                      </TableCell>
                      <TableCell className="text-right whitespace-nowrap">
                        {g.link && g.count > 1 && (
                          <Button size="sm" variant="outline" className="mr-2" asChild>
                            <Link to={g.link}>
                              <WrenchIcon aria-hidden /> Corregir
                            </Link>
                          </Button>
                        )}
                        <Button
                          size="sm"
                          variant="ghost"
                          aria-expanded={expanded}
                          onClick={() => setOpen(expanded ? null : g.cause)}
                        >
                          {expanded ? <ChevronDownIcon aria-hidden /> : <ChevronRightIcon aria-hidden />}
                          Ver {citas(g.count)}
                        </Button>
                      </TableCell>
                    </TableRow>
                    {expanded && (
                      <TableRow>
                        <TableCell colSpan={5} className="bg-muted/30">
                          <CauseProblems packageId={packageId} group={g} />
                        </TableCell>
                      </TableRow>
                    )}
                  </Fragment>
                );
              })}
            </TableBody>
          </Table>
        </CardContent>
      )}
    </Card>
  );
}
