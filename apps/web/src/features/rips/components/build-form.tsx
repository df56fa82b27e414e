import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { FileJson2Icon, Loader2Icon } from 'lucide-react';
import { localDate } from '@ips/shared/format';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/error-toast';
import { useBuildPackage, useEpsOptions } from '@/features/rips/api/rips';
import { selectClass } from '@/components/rips/code-select';

const firstOfMonth = () => `${localDate().slice(0, 8)}01`;

/** 'Generar paquete': an invoice's billed consultations, or RIPS without invoice (RS) for the period. */
export function BuildForm({ onBuilt }: { onBuilt: (id: number) => void }) {
  const [invoice, setInvoice] = useState('');
  const [rs, setRs] = useState(false);
  const [from, setFrom] = useState(firstOfMonth);
  const [to, setTo] = useState(() => localDate());
  const [eps, setEps] = useState('');
  const epsOptions = useEpsOptions();
  const build = useBuildPackage();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    build.mutate(
      { invoice_number: rs ? null : invoice.trim(), from, to, eps_id: eps ? Number(eps) : null },
      {
        onSuccess: (p) => {
          if (p.problems_count)
            toast.warning(
              `Paquete generado con ${p.problems_count} ${p.problems_count === 1 ? 'problema' : 'problemas'}`,
            );
          else toast.success('Paquete generado sin problemas');
          onBuilt(p.id);
        },
        onError: (err) => toast.error('No se pudo generar el paquete', { description: errorMessage(err) }),
      },
    );
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Generar paquete</CardTitle>
      </CardHeader>
      <CardContent>
        <form
          onSubmit={submit}
          className="grid items-end gap-4 sm:grid-cols-2 lg:grid-cols-[1fr_auto_1fr_1fr_1.5fr_auto]"
        >
          <Field id="rips-invoice" label="Número de factura">
            <Input
              id="rips-invoice"
              value={invoice}
              disabled={rs}
              maxLength={20}
              placeholder="FE1234"
              required={!rs}
              onChange={(e) => setInvoice(e.target.value)}
            />
          </Field>
          <label className="flex h-10 items-center gap-2 text-sm">
            <input type="checkbox" checked={rs} onChange={(e) => setRs(e.target.checked)} />
            Sin factura (RS)
          </label>
          <Field id="rips-from" label="Desde">
            <Input
              id="rips-from"
              type="date"
              value={from}
              required
              onChange={(e) => setFrom(e.target.value)}
            />
          </Field>
          <Field id="rips-to" label="Hasta">
            <Input id="rips-to" type="date" value={to} required onChange={(e) => setTo(e.target.value)} />
          </Field>
          <Field id="rips-eps" label="EPS">
            <select
              id="rips-eps"
              className={selectClass}
              value={eps}
              onChange={(e) => setEps(e.target.value)}
            >
              <option value="">Todas</option>
              {(epsOptions.data ?? []).map((e) => (
                <option key={e.id} value={e.id}>
                  {e.name}
                </option>
              ))}
            </select>
          </Field>
          <Button type="submit" disabled={build.isPending}>
            {build.isPending ? (
              <Loader2Icon className="animate-spin" aria-hidden />
            ) : (
              <FileJson2Icon aria-hidden />
            )}
            Generar y validar
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
