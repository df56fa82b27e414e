import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { FileJson2Icon, Loader2Icon } from 'lucide-react';
import { countOf, localDate } from '@ips/shared/format';
import { buildPackageBody } from '@ips/shared/schemas/rips';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DateInput } from '@/components/ui/date-input';
import { Field, describedBy } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/error-toast';
import { useBuildPackage, useEpsOptions } from '@/features/rips/api/rips';
import { selectClass } from '@/components/rips/code-select';

const firstOfMonth = () => `${localDate().slice(0, 8)}01`;

/** The body's fields and the ids of their inputs, in the order of the form. */
const FIELDS = { invoice_number: 'rips-invoice', from: 'rips-from', to: 'rips-to' } as const;
type Errors = Partial<Record<keyof typeof FIELDS, string>>;

/**
 * 'Generar paquete': an invoice's billed consultations, or RIPS without invoice (RS) for the period. Checked with
 * the API's own schema before sending, its Spanish messages under the fields (no browser bubbles: noValidate).
 */
export function BuildForm({ onBuilt }: { onBuilt: (id: number) => void }) {
  const [invoice, setInvoice] = useState('');
  const [rs, setRs] = useState(false);
  const [from, setFrom] = useState(firstOfMonth);
  const [to, setTo] = useState(() => localDate());
  const [eps, setEps] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const epsOptions = useEpsOptions();
  const build = useBuildPackage();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // A date not (yet) whole is '' in the field: sent as missing, it reads 'La fecha inicial es obligatoria'.
    const body = {
      invoice_number: rs ? null : invoice,
      from: from || undefined,
      to: to || undefined,
      eps_id: eps ? Number(eps) : null,
    };
    const parsed = buildPackageBody.safeParse(body);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Errors;
        if (key in FIELDS && !next[key]) next[key] = issue.message;
      }
      setErrors(next);
      const first = (Object.keys(FIELDS) as (keyof Errors)[]).find((f) => next[f]);
      if (first) document.getElementById(FIELDS[first])?.focus();
      return;
    }
    setErrors({});
    build.mutate(parsed.data, {
      onSuccess: (p) => {
        if (p.problems_count)
          toast.warning(`Paquete generado con ${countOf(p.problems_count, 'problema', 'problemas')}`);
        else toast.success('Paquete generado sin problemas');
        onBuilt(p.id);
      },
      onError: (err) => toast.error('No se pudo generar el paquete', { description: errorMessage(err) }),
    });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Generar paquete</CardTitle>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          onSubmit={submit}
          // Two rows of four from lg on: in one row of six the labels wrapped and the dates were cut at 1366 px.
          className="grid items-start gap-4 sm:grid-cols-2 lg:grid-cols-4"
        >
          <Field id="rips-invoice" label="Número de factura" required={!rs} error={errors.invoice_number}>
            <Input
              id="rips-invoice"
              value={invoice}
              disabled={rs}
              maxLength={20}
              placeholder="FE1234"
              onChange={(e) => setInvoice(e.target.value)}
              {...describedBy('rips-invoice', errors.invoice_number)}
            />
          </Field>
          <label className="flex h-10 items-center gap-2 text-sm sm:mt-[1.625rem]">
            <input
              type="checkbox"
              checked={rs}
              onChange={(e) => {
                setRs(e.target.checked);
                setErrors((x) => ({ ...x, invoice_number: undefined }));
              }}
            />
            Sin factura (RS)
          </label>
          <Field id="rips-from" label="Desde" required error={errors.from}>
            <DateInput
              id="rips-from"
              value={from}
              max={to || undefined}
              onChange={(e) => setFrom(e.target.value)}
              {...describedBy('rips-from', errors.from)}
            />
          </Field>
          <Field id="rips-to" label="Hasta" required error={errors.to}>
            <DateInput
              id="rips-to"
              value={to}
              min={from || undefined}
              onChange={(e) => setTo(e.target.value)}
              {...describedBy('rips-to', errors.to)}
            />
          </Field>
          <Field id="rips-eps" label="EPS" className="lg:col-span-2">
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
          <Button
            type="submit"
            disabled={build.isPending}
            className="sm:mt-[1.625rem] sm:justify-self-start lg:col-span-2 lg:justify-self-end"
          >
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
