import { useImperativeHandle, useLayoutEffect, useRef, useState, type Ref } from 'react';

/**
 * What DateInput and TimeInput hand to onChange and onBlur: the form value ('YYYY-MM-DD', 'HH:MM' or ''), in the
 * shape of an input's event, so `e.target.value` and react-hook-form's `register()` work as with a native input.
 */
export interface FieldValueEvent {
  target: { name: string; value: string };
  currentTarget: { name: string; value: string };
  type: 'change' | 'blur';
}

/**
 * The field as react-hook-form's `register()` sees it through `ref`: it reads and writes `value` (defaults,
 * reset, setValue) and focuses the first field in error.
 */
export interface FieldValueHandle {
  value: string;
  readonly name: string;
  readonly disabled: boolean;
  focus: () => void;
}

interface Options {
  name: string;
  /** Controlled value; leave undefined for register() or an uncontrolled field. */
  value: string | undefined;
  defaultValue: string | undefined;
  disabled: boolean | undefined;
  onChange: ((e: FieldValueEvent) => void) | undefined;
  onBlur: ((e: FieldValueEvent) => void) | undefined;
  ref: Ref<FieldValueHandle> | undefined;
  /** Form value → what the field shows. */
  toText: (value: string) => string;
  /**
   * What the person typed → form value ('' when incomplete or not valid); `complete` when they leave the field
   * (a time field then reads a bare hour).
   */
  toValue: (text: string, complete?: boolean) => string;
  focus: () => void;
}

const event = (type: FieldValueEvent['type'], name: string, value: string): FieldValueEvent => ({
  target: { name, value },
  currentTarget: { name, value },
  type,
});

/**
 * The text a person edits and the form value behind it, kept apart: typing '15/03/20' shows that text while the
 * value stays '' (as a native date input reports an incomplete date), and a value set from outside (the form's
 * defaults, reset, a controlled prop) replaces the text only when it is not the value the text already stands for.
 */
export function useFieldText(o: Options) {
  const initial = o.value ?? o.defaultValue ?? '';
  const [text, setText] = useState(() => o.toText(initial));
  const [seen, setSeen] = useState(o.value);
  const [emitted, setEmitted] = useState<string | null>(null);
  const valueRef = useRef(initial);

  // A controlled value that changed from outside (not the echo of what this field just reported).
  if (o.value !== undefined && o.value !== seen) {
    setSeen(o.value);
    if (o.value !== emitted) {
      setText(o.toText(o.value));
      setEmitted(null);
    }
  }

  const report = (value: string) => {
    if (value === (o.value ?? valueRef.current)) return;
    valueRef.current = value;
    setEmitted(value);
    o.onChange?.(event('change', o.name, value));
  };

  // One handle for the field's life: register() re-attaches its ref on every render and, for a new object,
  // would write the form value back over what is being typed (as it never does for the same DOM input).
  const latest = useRef(o);
  useLayoutEffect(() => {
    latest.current = o;
  });
  const [handle] = useState<FieldValueHandle>(() => ({
    get value() {
      return valueRef.current;
    },
    set value(next: string) {
      const v = next ?? '';
      // The value the text already stands for (react-hook-form re-registering): keep what is being typed.
      if (v === valueRef.current) return;
      valueRef.current = v;
      setEmitted(null);
      setText(latest.current.toText(v));
    },
    get name() {
      return latest.current.name;
    },
    get disabled() {
      return !!latest.current.disabled;
    },
    focus: () => latest.current.focus(),
  }));
  useImperativeHandle(o.ref, () => handle, [handle]);

  return {
    text,
    /** The person edited the text (already masked): report the value it stands for. */
    type(nextText: string) {
      setText(nextText);
      report(o.toValue(nextText));
    },
    /** A value chosen whole (calendar, arrow keys): show it and report it. */
    choose(value: string) {
      setText(o.toText(value));
      report(value);
    },
    /** Leaving the field: a valid text is shown in its normal form (5/3/2026 → 05/03/2026). */
    blur() {
      const value = o.toValue(text, true);
      if (value) {
        setText(o.toText(value));
        report(value);
      }
      o.onBlur?.(event('blur', o.name, valueRef.current));
    },
  };
}
