import { useState } from 'react';
import { toast } from 'sonner';
import {
  crossFieldProblems,
  settingFields,
  type OrgSettingsValues,
  type SettingKey,
} from '@ips/shared/schemas/settings';
import { ApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/notify';
import { useUpdateSettings, type SettingsPatch } from '@/features/settings/api/settings-api';

export type FieldErrors = Partial<Record<SettingKey, string>>;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The first message per field of a failed save: the server's field errors (rules across fields answer for the
 * fields they name), else nothing.
 */
export function serverFieldErrors(err: unknown): FieldErrors {
  if (!(err instanceof ApiError) || !err.errors) return {};
  const out: FieldErrors = {};
  for (const [k, list] of Object.entries(err.errors)) if (list[0]) out[k as SettingKey] = list[0];
  return out;
}

/**
 * Checks a partial change with the same rules as the server (packages/shared/src/schemas/settings.ts): each key
 * by its own rule, then the rules across fields on `saved` merged with the change. Returns the parsed values
 * (e.g. the NIT normalised) or the field errors.
 */
export function checkPatch(
  saved: OrgSettingsValues,
  patch: SettingsPatch,
): { ok: true; values: SettingsPatch } | { ok: false; errors: FieldErrors; message: string } {
  const errors: FieldErrors = {};
  const values: Record<string, unknown> = {};
  const messages: string[] = [];
  for (const [k, v] of Object.entries(patch)) {
    const r = settingFields[k as SettingKey].safeParse(v);
    if (r.success) values[k] = r.data;
    else {
      const msg = r.error.issues[0]?.message ?? 'Valor inválido';
      errors[k as SettingKey] = msg;
      messages.push(msg);
    }
  }
  if (messages.length) return { ok: false, errors, message: messages.join('. ') };
  const keys = Object.keys(patch) as SettingKey[];
  const problems = crossFieldProblems({ ...saved, ...values } as OrgSettingsValues).filter((p) =>
    p.keys.some((k) => keys.includes(k)),
  );
  if (problems.length) {
    for (const p of problems) Object.assign(errors, p.fields);
    return { ok: false, errors, message: problems.map((p) => p.message).join('. ') };
  }
  return { ok: true, values: values as SettingsPatch };
}

/** 'No se pudo guardar', with the server's message when it sent one (a 401 already went to /login). */
export function notifySaveError(err: unknown) {
  if (err instanceof ApiError && err.status === 401) return;
  const description = serverMessage(err);
  toast.error('No se pudo guardar', description ? { description } : undefined);
}

/**
 * A card of Configuración: edits kept locally until 'Guardar cambios', which sends only the keys that changed
 * (a partial PUT). Toasts: 'Configuración actualizada' / 'No se pudo guardar' (spec part 2 §8).
 */
export function useSettingsForm<K extends SettingKey>(
  keys: readonly K[],
  saved: OrgSettingsValues | undefined,
) {
  const [draft, setDraft] = useState<SettingsPatch>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const update = useUpdateSettings();

  const value = <F extends K>(k: F): OrgSettingsValues[F] =>
    (k in draft ? draft[k] : saved?.[k]) as OrgSettingsValues[F];
  const set = <F extends K>(k: F, v: OrgSettingsValues[F]) => {
    setDraft((d) => ({ ...d, [k]: v }));
    setErrors((e) => ({ ...e, [k]: undefined }));
  };
  const patch = (): SettingsPatch =>
    Object.fromEntries(
      keys.filter((k) => k in draft && !same(draft[k], saved?.[k])).map((k) => [k, draft[k]]),
    );
  const dirty = Object.keys(patch()).length > 0;

  function submit(extra: SettingsPatch = {}) {
    if (!saved) return;
    const changes = { ...patch(), ...extra };
    if (Object.keys(changes).length === 0) return;
    const checked = checkPatch(saved, changes);
    if (!checked.ok) {
      setErrors(checked.errors);
      toast.error('No se pudo guardar', { description: checked.message });
      return;
    }
    update.mutate(checked.values, {
      onSuccess: () => {
        setDraft({});
        setErrors({});
        toast.success('Configuración actualizada');
      },
      onError: (err) => {
        setErrors(serverFieldErrors(err));
        notifySaveError(err);
      },
    });
  }

  return {
    value,
    set,
    errors,
    dirty,
    saving: update.isPending,
    submit,
    reset: () => {
      setDraft({});
      setErrors({});
    },
  };
}
