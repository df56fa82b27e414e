import type { OrgSettingsValues, SettingKey } from '@ips/shared/schemas/settings';
import { Field, describedBy } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { TimeInput } from '@/components/ui/time-input';
import type { Autosave } from '@/features/settings/hooks/use-autosave';
import { SwitchRow } from '@/features/settings/components/switch-row';

type BoolKey = { [K in SettingKey]: OrgSettingsValues[K] extends boolean ? K : never }[SettingKey];

interface ControlProps<K extends SettingKey> {
  form: Autosave;
  k: K;
  label: string;
  hint?: string;
}

/** A switch saved as soon as it changes. */
export function AutoSwitch({ form, k, label, hint }: ControlProps<BoolKey>) {
  return (
    <SwitchRow
      id={k}
      label={label}
      description={hint}
      checked={form.value(k) === true}
      onCheckedChange={(v) => form.save(k, v)}
      disabled={form.isSaving(k)}
    />
  );
}

/** A time (HH:MM, 24 hours) saved when it loses focus. */
export function AutoTime({ form, k, label, hint }: ControlProps<SettingKey>) {
  const error = form.errors[k];
  return (
    <Field id={k} label={label} error={error} hint={hint}>
      <TimeInput
        id={k}
        value={String(form.value(k) ?? '')}
        onChange={(e) => form.edit(k, e.target.value as never)}
        onBlur={(e) => form.save(k, e.target.value as never)}
        disabled={form.isSaving(k)}
        {...describedBy(k, error, Boolean(hint))}
      />
    </Field>
  );
}

/** A whole number saved when it loses focus. */
export function AutoNumber({
  form,
  k,
  label,
  hint,
  min,
  max,
}: ControlProps<SettingKey> & { min: number; max: number }) {
  const error = form.errors[k];
  const v = form.value(k) as number;
  return (
    <Field id={k} label={label} error={error} hint={hint}>
      <Input
        id={k}
        type="number"
        min={min}
        max={max}
        value={Number.isNaN(v) ? '' : String(v)}
        onChange={(e) => form.edit(k, (e.target.value === '' ? Number.NaN : Number(e.target.value)) as never)}
        onBlur={() => form.save(k)}
        disabled={form.isSaving(k)}
        className="max-w-40"
        {...describedBy(k, error, Boolean(hint))}
      />
    </Field>
  );
}

/** A message saved when it loses focus. */
export function AutoText({ form, k, label, hint }: ControlProps<SettingKey>) {
  const error = form.errors[k];
  return (
    <Field id={k} label={label} error={error} hint={hint}>
      <Textarea
        id={k}
        rows={3}
        maxLength={1000}
        value={String(form.value(k) ?? '')}
        onChange={(e) => form.edit(k, e.target.value as never)}
        onBlur={() => form.save(k)}
        disabled={form.isSaving(k)}
        {...describedBy(k, error, Boolean(hint))}
      />
    </Field>
  );
}
