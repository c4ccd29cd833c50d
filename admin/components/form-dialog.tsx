// The create/edit dialog of the list screens: a Dialog whose footer holds Cancel and the primary
// submit button, around a `.stack` form that submits on Enter (hidden submit button) without the
// browser's own validation, so the screen's zod messages are the only ones shown.
import type { ReactNode } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';

export interface FormDialogProps {
  title: string;
  /** The primary button's text ("Save", "Create redirect"). */
  submitLabel: string;
  busy: boolean;
  onSubmit: () => void;
  onClose: () => void;
  /** The form's accessible name; omitted, the form has none. */
  formLabel?: string;
  width?: number;
  /** A line under the title (the dialog is described by it). */
  description?: string;
  children: ReactNode;
}

export function FormDialog({ title, submitLabel, busy, onSubmit, onClose, formLabel, width, description, children }: FormDialogProps) {
  return (
    <Dialog title={title} onClose={onClose} width={width} description={description}
      footer={<><Button onClick={onClose}>Cancel</Button><Button variant="primary" busy={busy} onClick={onSubmit}>{submitLabel}</Button></>}>
      <form className="stack" onSubmit={(e) => { e.preventDefault(); onSubmit(); }} noValidate aria-label={formLabel}>
        {children}
        <button type="submit" hidden>Save</button>
      </form>
    </Dialog>
  );
}
