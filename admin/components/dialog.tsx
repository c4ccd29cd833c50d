// A modal dialog: labelled by its title, focus moves in on open and back on close, Tab stays
// inside, Escape closes.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { IconButton } from './button';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

export function trapTab(e: KeyboardEvent | React.KeyboardEvent, root: HTMLElement | null) {
  if (e.key !== 'Tab' || !root) return;
  const items = [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}

interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  width?: number;
  description?: string;
}

export function Dialog({ title, onClose, children, footer, width = 560, description }: DialogProps) {
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    const first = ref.current?.querySelector<HTMLElement>('[data-autofocus], input, select, textarea, button:not(.dialog-close)');
    (first ?? ref.current)?.focus();
    return () => before?.focus?.();
  }, []);
  return (
    <div className="overlay" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={ref}
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={description ? `${id}-desc` : undefined}
        style={{ maxWidth: width }}
        tabIndex={-1}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            onClose();
          }
          trapTab(e, ref.current);
        }}
      >
        <header className="dialog-head">
          <h2 id={`${id}-title`}>{title}</h2>
          <IconButton icon="close" label="Close" className="dialog-close" onClick={onClose} />
        </header>
        {description ? <p className="dialog-desc" id={`${id}-desc`}>{description}</p> : null}
        <div className="dialog-body">{children}</div>
        {footer ? <footer className="dialog-foot">{footer}</footer> : null}
      </div>
    </div>
  );
}

/** Asks to confirm a destructive action. */
export function ConfirmDialog({ title, message, confirmLabel, onConfirm, onCancel, busy }: {
  title: string; message: string; confirmLabel: string; onConfirm: () => void; onCancel: () => void; busy?: boolean;
}) {
  return (
    <Dialog
      title={title}
      onClose={onCancel}
      width={440}
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={onCancel}>Cancel</button>
          <button type="button" className="btn btn-danger" onClick={onConfirm} disabled={busy} data-autofocus>{confirmLabel}</button>
        </>
      }
    >
      <p>{message}</p>
    </Dialog>
  );
}
