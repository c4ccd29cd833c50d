// Labelled form controls. Each control has a visible label, an id tied to it, and its error and
// hint wired through aria-describedby; invalid controls carry aria-invalid. A required select has
// no blank choice once it has a value, so it cannot be cleared (admin §5).
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { nextSelectValue } from '../lib/validation';
import { Icon } from './icons';

interface FieldShell {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  /** Name of the value in the form's error map; set as data-field for focusing the first error. */
  field?: string;
}

function describedBy(id: string, error?: string | null, hint?: ReactNode): string | undefined {
  const ids = error ? `${id}-error` : hint ? `${id}-hint` : '';
  return ids || undefined;
}

function Frame({ id, label, error, hint, required, className, children }: FieldShell & { id: string; children: ReactNode }) {
  return (
    <div className={`field${error ? ' field-invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label className="field-label" htmlFor={id}>
        {label}
        {required ? <span className="field-required" aria-hidden="true"> *</span> : null}
      </label>
      {children}
      {hint && !error ? <p className="field-hint" id={`${id}-hint`}>{hint}</p> : null}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          <Icon name="alert" size={14} />
          {error}
        </p>
      ) : null}
    </div>
  );
}

type TextProps = FieldShell & Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  value: string;
  onChange: (value: string) => void;
};

export function TextField({ label, error, hint, required, className, field, value, onChange, ...rest }: TextProps) {
  const id = useId();
  return (
    <Frame id={id} label={label} error={error} hint={hint} required={required} className={className}>
      <input
        id={id}
        className="input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(id, error, hint)}
        data-field={field}
        {...rest}
      />
    </Frame>
  );
}

type AreaProps = FieldShell & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value'> & {
  value: string;
  onChange: (value: string) => void;
};

export function TextAreaField({ label, error, hint, required, className, field, value, onChange, rows = 3, ...rest }: AreaProps) {
  const id = useId();
  return (
    <Frame id={id} label={label} error={error} hint={hint} required={required} className={className}>
      <textarea
        id={id}
        className="input textarea"
        rows={rows}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(id, error, hint)}
        data-field={field}
        {...rest}
      />
    </Frame>
  );
}

export interface Option {
  value: string;
  label: string;
}

type SelectProps = FieldShell & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> & {
  value: string | null;
  options: readonly Option[];
  onChange: (value: string | null) => void;
  placeholder?: string;
};

export function SelectField({ label, error, hint, required, className, field, value, options, onChange, placeholder, ...rest }: SelectProps) {
  const id = useId();
  const has = value !== null && value !== '';
  return (
    <Frame id={id} label={label} error={error} hint={hint} required={required} className={className}>
      <div className="select-wrap">
        <select
          id={id}
          className="input select"
          value={has ? value : ''}
          onChange={(e) => onChange(nextSelectValue(value, e.target.value, Boolean(required)))}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={describedBy(id, error, hint)}
          data-field={field}
          {...rest}
        >
          {!required ? <option value="">{placeholder ?? '—'}</option> : !has ? <option value="" disabled>{placeholder ?? 'Choose…'}</option> : null}
          {options.map((o) => (
            <option key={o.value} value={o.value}>{o.label}</option>
          ))}
        </select>
        <Icon name="chevronDown" size={16} className="select-caret" />
      </div>
    </Frame>
  );
}

type CheckProps = {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: ReactNode;
  disabled?: boolean;
  field?: string;
};

export function CheckboxField({ label, checked, onChange, hint, disabled, field }: CheckProps) {
  const id = useId();
  return (
    <div className="check">
      <input id={id} type="checkbox" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} aria-describedby={hint ? `${id}-hint` : undefined} data-field={field} />
      <label htmlFor={id}>
        <span className="check-label">{label}</span>
        {hint ? <span className="field-hint" id={`${id}-hint`}>{hint}</span> : null}
      </label>
    </div>
  );
}

type ChecksProps = {
  legend: string;
  options: readonly Option[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  error?: string | null;
  required?: boolean;
  columns?: number;
  disabled?: boolean;
  field?: string;
};

/** A group of checkboxes for a multiple selection. */
export function CheckboxGroup({ legend, options, value, onChange, error, required, columns = 2, disabled, field }: ChecksProps) {
  const id = useId();
  const toggle = (v: string, on: boolean) => onChange(on ? [...value, v] : value.filter((x) => x !== v));
  return (
    <fieldset className={`field checks${error ? ' field-invalid' : ''}`} aria-describedby={error ? `${id}-error` : undefined} data-field={field}>
      <legend className="field-label">
        {legend}
        {required ? <span className="field-required" aria-hidden="true"> *</span> : null}
      </legend>
      <div className="checks-grid" style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
        {options.map((o) => (
          <CheckboxField key={o.value} label={o.label} checked={value.includes(o.value)} disabled={disabled} onChange={(on) => toggle(o.value, on)} />
        ))}
      </div>
      {error ? <p className="field-error" id={`${id}-error`}><Icon name="alert" size={14} />{error}</p> : null}
    </fieldset>
  );
}

/** Segmented radio choice for a few options. */
export function RadioGroup({ legend, options, value, onChange, name }: { legend: string; options: readonly Option[]; value: string; onChange: (v: string) => void; name: string }) {
  return (
    <fieldset className="field">
      <legend className="field-label">{legend}</legend>
      <div className="segmented" role="radiogroup" aria-label={legend}>
        {options.map((o) => (
          <label key={o.value} className={`segment${value === o.value ? ' segment-on' : ''}`}>
            <input type="radio" name={name} value={o.value} checked={value === o.value} onChange={() => onChange(o.value)} />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
