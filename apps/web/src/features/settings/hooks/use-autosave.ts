import { useState } from 'react';
import { toast } from 'sonner';
import type { OrgSettingsValues, SettingKey } from '@ips/shared/schemas/settings';
import { useUpdateSettings, type SettingsPatch } from '@/features/settings/api/settings-api';
import {
  checkPatch,
  notifySaveError,
  serverFieldErrors,
  type FieldErrors,
} from '@/features/settings/hooks/use-settings-form';

/** Keys that a rule across fields ties together: an unsaved edit of one is saved with the other. */
const HOURS = ['ai_start_time', 'ai_end_time', 'ai_break_start', 'ai_break_end'] as const;
const RELATED: Partial<Record<SettingKey, readonly SettingKey[]>> = Object.fromEntries(
  HOURS.map((k) => [k, HOURS]),
);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Configuración de IA (spec part 2 §4): each field is saved alone as a partial PUT when it loses focus or a
 * toggle changes. The field being saved is disabled meanwhile; errors appear beside the fields they concern,
 * with the same rules as the server, checked before sending.
 */
export function useAutosave(saved: OrgSettingsValues) {
  const [draft, setDraft] = useState<SettingsPatch>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState<SettingKey[]>([]);
  const update = useUpdateSettings();

  const value = <K extends SettingKey>(k: K): OrgSettingsValues[K] =>
    (k in draft ? draft[k] : saved[k]) as OrgSettingsValues[K];
  const edit = <K extends SettingKey>(k: K, v: OrgSettingsValues[K]) => setDraft((d) => ({ ...d, [k]: v }));

  function save<K extends SettingKey>(k: K, v: OrgSettingsValues[K] = value(k)) {
    const group = RELATED[k] ?? [k];
    const patch: SettingsPatch = { [k]: v };
    for (const r of group)
      if (r !== k && r in draft && !same(draft[r], saved[r]))
        (patch as Record<string, unknown>)[r] = draft[r];
    const clearGroup = (e: FieldErrors) => {
      const next = { ...e };
      for (const r of group) delete next[r];
      return next;
    };
    if (Object.entries(patch).every(([key, val]) => same(val, saved[key as SettingKey]))) {
      setDraft((d) => {
        const next = { ...d };
        delete next[k];
        return next;
      });
      setErrors(clearGroup);
      return;
    }
    setDraft((d) => ({ ...d, ...patch }));
    const checked = checkPatch(saved, patch);
    if (!checked.ok) {
      setErrors((e) => ({ ...clearGroup(e), ...checked.errors }));
      return;
    }
    const keys = Object.keys(patch) as SettingKey[];
    setSaving((s) => [...s, ...keys]);
    const drop = () =>
      setDraft((d) => {
        const next = { ...d };
        for (const key of keys) delete next[key];
        return next;
      });
    update.mutate(checked.values, {
      onSuccess: () => {
        drop();
        setErrors(clearGroup);
        toast.success('Configuración actualizada');
      },
      onError: (err) => {
        // A toggle goes back to what is saved; a typed value stays, with its error, to be corrected.
        if (typeof v === 'boolean') drop();
        setErrors((e) => ({ ...clearGroup(e), ...serverFieldErrors(err) }));
        notifySaveError(err);
      },
      onSettled: () => setSaving((s) => s.filter((key) => !keys.includes(key))),
    });
  }

  return {
    value,
    edit,
    save,
    errors,
    isSaving: (k: SettingKey) => saving.includes(k),
  };
}

export type Autosave = ReturnType<typeof useAutosave>;
