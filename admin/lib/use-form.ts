// Form state for the editors: values, the error map from a validator (the domain schemas), errors
// shown after a field is left or a save is tried, a dirty flag, and focus on the first invalid field.
import { useCallback, useMemo, useRef, useState } from 'react';
import type { FieldErrors } from './validation';

export interface FormApi<T> {
  values: T;
  set: <K extends keyof T>(key: K, value: T[K]) => void;
  update: (fn: (prev: T) => T) => void;
  /** The error of a field (dotted path), when it should show. */
  error: (path: string) => string | undefined;
  errors: FieldErrors;
  touch: (path: string) => void;
  /** Marks the form submitted; returns true when valid, else focuses the first invalid control. */
  check: () => boolean;
  dirty: boolean;
  reset: (values: T) => void;
}

export function useForm<T>(initial: T, validator: (values: T) => FieldErrors): FormApi<T> {
  const [values, setValues] = useState<T>(initial);
  const [baseline, setBaseline] = useState(() => JSON.stringify(initial));
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const validatorRef = useRef(validator);
  validatorRef.current = validator;

  const errors = useMemo(() => validatorRef.current(values), [values]);

  const set = useCallback(<K extends keyof T>(key: K, value: T[K]) => setValues((prev) => ({ ...prev, [key]: value })), []);
  const update = useCallback((fn: (prev: T) => T) => setValues(fn), []);
  const touch = useCallback((path: string) => setTouched((t) => (t.has(path) ? t : new Set([...t, path]))), []);

  const error = useCallback((path: string) => {
    const msg = errors[path];
    if (!msg) return undefined;
    if (submitted || touched.has(path) || touched.has(path.split('.')[0] ?? '')) return msg;
    return undefined;
  }, [errors, submitted, touched]);

  const check = useCallback(() => {
    setSubmitted(true);
    const ok = Object.keys(validatorRef.current(values)).length === 0;
    if (!ok) {
      requestAnimationFrame(() => {
        const first = document.querySelector<HTMLElement>('main [aria-invalid="true"], [role="dialog"] [aria-invalid="true"]');
        first?.focus();
        first?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      });
    }
    return ok;
  }, [values]);

  const reset = useCallback((next: T) => {
    setValues(next);
    setBaseline(JSON.stringify(next));
    setTouched(new Set());
    setSubmitted(false);
  }, []);

  const dirty = JSON.stringify(values) !== baseline;
  return { values, set, update, error, errors, touch, check, dirty, reset };
}
