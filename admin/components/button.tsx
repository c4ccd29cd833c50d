// Buttons: one component, four looks. Icon-only buttons must pass a `label` (their accessible name).
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Icon } from './icons';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: 'sm' | 'md';
  icon?: string;
  busy?: boolean;
  children?: ReactNode;
}

export function Button({ variant = 'secondary', size = 'md', icon, busy, children, className, type = 'button', disabled, ...rest }: ButtonProps) {
  const cls = ['btn', `btn-${variant}`, size === 'sm' ? 'btn-sm' : '', !children ? 'btn-icon' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <button type={type} className={cls} disabled={disabled || busy} aria-busy={busy || undefined} {...rest}>
      {busy ? <span className="spinner" aria-hidden="true" /> : icon ? <Icon name={icon} size={size === 'sm' ? 16 : 18} /> : null}
      {children ? <span>{children}</span> : null}
    </button>
  );
}

/** A square icon button with an accessible name and a tooltip. */
export function IconButton({ icon, label, ...rest }: Omit<ButtonProps, 'children'> & { icon: string; label: string }) {
  return <Button variant="ghost" size="sm" icon={icon} aria-label={label} title={label} {...rest} />;
}
