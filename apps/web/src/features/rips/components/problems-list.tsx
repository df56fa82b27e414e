import { useState } from 'react';
import { Link } from 'react-router';
import { WrenchIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Pagination } from '@/components/ui/pagination';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { PROBLEMS_PAGE, useProblems } from '@/features/rips/api/rips';

/** A package's problems per appointment and field, each with what to do and a link to fix it. */
export function ProblemsList({ packageId }: { packageId: number }) {
  const [page, setPage] = useState(1);
  const problems = useProblems(packageId, page);
  const d = problems.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Problemas del paquete {packageId}</CardTitle>
        <CardDescription>
          {d
            ? d.total === 0
              ? 'Sin problemas: el paquete puede marcarse como listo.'
              : `${d.total.toLocaleString('es-CO')} por corregir${d.listed < d.total ? ` (se listan los primeros ${d.listed.toLocaleString('es-CO')})` : ''}. Corrija y genere el paquete de nuevo.`
            : 'Cargando…'}
        </CardDescription>
      </CardHeader>
      {d && d.items.length > 0 && (
        <CardContent className="space-y-3">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Cita</TableHead>
                <TableHead>Campo</TableHead>
                <TableHead>Problema</TableHead>
                <TableHead>Qué hacer</TableHead>
                <TableHead />
              </TableRow>
            </TableHeader>
            <TableBody>
              {d.items.map((p, i) => (
                <TableRow key={`${p.path}-${i}`}>
                  <TableCell>{p.appointment_id ?? '—'}</TableCell>
                  <TableCell className="font-mono text-xs" title={p.path}>
                    {p.field}
                  </TableCell>
                  <TableCell>{p.message}</TableCell>
                  <TableCell className="text-muted-foreground">{p.fix}</TableCell>
                  <TableCell className="text-right">
                    <Button size="sm" variant="outline" asChild>
                      <Link to={p.link}>
                        <WrenchIcon aria-hidden /> Corregir
                      </Link>
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Pagination
            page={page}
            pageCount={Math.max(1, Math.ceil(d.listed / PROBLEMS_PAGE))}
            total={d.listed}
            pageSize={PROBLEMS_PAGE}
            onPageChange={setPage}
            itemLabel="problemas"
            itemOne="problema"
          />
        </CardContent>
      )}
    </Card>
  );
}
