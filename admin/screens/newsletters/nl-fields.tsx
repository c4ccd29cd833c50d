// Form controls bound to a dotted path of a form's values (the newsletter editors have deep,
// nested settings groups): text, number, colour, select, checkbox, and a repeating list.
import type { ReactNode } from 'react';
import type { FormApi } from '../../lib/use-form';
import { LibraryImageField } from '../../components/asset-id-field';
import { Button, IconButton } from '../../components/button';
import { CheckboxField, SelectField, TextAreaField, TextField, type Option } from '../../components/fields';
import { getPath, setPath } from './template-form';

interface Bound<T> {
  form: FormApi<T>;
  path: string;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  disabled?: boolean;
  className?: string;
}

const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));

export function PathText<T>({ form, path, label, required, hint, disabled, className, placeholder, area, type }: Bound<T> & { placeholder?: string; area?: boolean; type?: string }) {
  const props = {
    label, required, hint, disabled, className, placeholder, field: path,
    value: str(getPath(form.values, path)),
    onChange: (x: string) => form.update((s) => setPath(s, path, x)),
    onBlur: () => form.touch(path),
    error: form.error(path),
  };
  return area ? <TextAreaField {...props} /> : <TextField {...props} type={type} />;
}

export function PathNumber<T>({ form, path, label, required, hint, disabled, className, unit }: Bound<T> & { unit?: string }) {
  return (
    <TextField label={unit ? `${label} (${unit})` : label} required={required} hint={hint} disabled={disabled} className={className} inputMode="numeric" field={path}
      value={str(getPath(form.values, path))} onChange={(x) => form.update((s) => setPath(s, path, x))} onBlur={() => form.touch(path)} error={form.error(path)} />
  );
}

/** A media library image id (typed, or picked in the shared library grid), kept as text until it is saved. */
export function PathLibraryImage<T>({ form, path, label, hint }: Bound<T> & { hint?: string }) {
  return (
    <LibraryImageField label={label} field={path} value={str(getPath(form.values, path))} hint={hint}
      onChange={(x) => form.update((s) => setPath(s, path, x))} onBlur={() => form.touch(path)} error={form.error(path)} />
  );
}

export function PathColour<T>({ form, path, label, disabled }: Bound<T>) {
  const v = str(getPath(form.values, path));
  return (
    <div className="colour-field">
      <input type="color" aria-label={`${label} picker`} disabled={disabled} value={/^#[0-9a-f]{6}$/i.test(v) ? v : '#000000'}
        onChange={(e) => form.update((s) => setPath(s, path, e.target.value))} />
      <TextField label={label} value={v} disabled={disabled} onChange={(x) => form.update((s) => setPath(s, path, x))} onBlur={() => form.touch(path)}
        error={form.error(path)} field={path} className="grow nl-colour" />
    </div>
  );
}

export function PathSelect<T>({ form, path, label, required, hint, disabled, options, numeric, placeholder }: Bound<T> & { options: readonly Option[]; numeric?: boolean; placeholder?: string }) {
  const v = getPath(form.values, path);
  return (
    <SelectField label={label} required={required} hint={hint} disabled={disabled} options={options} placeholder={placeholder} field={path}
      value={v === undefined || v === null ? '' : String(v)} error={form.error(path)}
      onChange={(x) => form.update((s) => setPath(s, path, x === null ? undefined : numeric ? Number(x) : x))} />
  );
}

export function PathCheck<T>({ form, path, label, hint, disabled }: Bound<T>) {
  return <CheckboxField label={label} hint={hint} disabled={disabled} checked={Boolean(getPath(form.values, path))} onChange={(x) => form.update((s) => setPath(s, path, x))} />;
}

/** A repeating group: each item rendered by `render`, with add and remove buttons. */
export function Repeater<T, I>({ form, path, legend, item, blank, render, max, disabled, empty }: {
  form: FormApi<T>; path: string; legend: string; item: string; blank: () => I; max: number; disabled?: boolean; empty?: string;
  render: (base: string, index: number) => ReactNode;
}) {
  const list = (getPath(form.values, path) as I[] | undefined) ?? [];
  return (
    <fieldset className="field nl-repeater" data-field={path}>
      <legend className="field-label">{legend}</legend>
      {list.length === 0 ? <p className="field-hint">{empty ?? 'None yet.'}</p> : null}
      <ol className="nl-repeat-list">
        {list.map((_, i) => (
          <li key={i} className="nl-repeat-item">
            <div className="nl-repeat-fields">{render(`${path}.${i}`, i)}</div>
            {!disabled ? <IconButton icon="trash" label={`Remove ${item} ${i + 1}`} onClick={() => form.update((s) => setPath(s, path, list.filter((__, j) => j !== i)))} /> : null}
          </li>
        ))}
      </ol>
      {!disabled && list.length < max ? <Button size="sm" icon="plus" onClick={() => form.update((s) => setPath(s, path, [...list, blank()]))}>Add {item}</Button> : null}
      {form.error(path) ? <p className="field-error">{form.error(path)}</p> : null}
    </fieldset>
  );
}
