// The list-screen logic the ad screens share (ad units, ad unit patterns, house ads): load the
// tenant's records, open the create dialog from its own route (/admin/create-…) or the edit dialog
// from a row, close back to the list route, and delete after a confirmation — each write tracked by
// the publish status. The screens keep their own columns and dialogs.
import { useState, type ReactNode } from 'react';
import { hasAnyPermission, type Permission } from '../../../engine/domain/permissions';
import { useSession } from '../../app/session';
import { useTenant } from '../../app/tenant';
import { usePublish } from '../../app/publish';
import { errorText, useToast } from '../../app/toasts';
import { useLocation, useNavigate } from '../../lib/router';
import { useAsync } from '../../lib/use-async';
import { useDeleteFlow } from '../../lib/use-busy';
import { Button, IconButton } from '../../components/button';
import { ConfirmDialog } from '../../components/dialog';

export interface ListScreenOptions<T> {
  load: () => Promise<T[]>;
  /** The list's route and the create route (which opens the create dialog). */
  listPath: string;
  createPath: string;
  permission: Permission;
  /** How a record is named in labels, toasts and the publish status. */
  name: (item: T) => string;
  remove: (item: T, tenantKey: string) => Promise<unknown>;
  /** The toast after a delete, like "Ad unit deleted." */
  deleted: string;
}

export function useListScreen<T>(o: ListScreenOptions<T>) {
  const { permissions } = useSession();
  const canEdit = hasAnyPermission(permissions, [o.permission]);
  const { tenantKey } = useTenant();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const list = useAsync(async () => ({ items: await o.load(), tenantKey: tenantKey as string }), []);
  const [editing, setEditing] = useState<T | null>(null);
  const toast = useToast();
  const publish = usePublish();
  const creating = pathname.startsWith(o.createPath);
  const tk = list.data?.tenantKey ?? '';
  const close = () => {
    setEditing(null);
    if (creating) navigate(o.listPath, { replace: true });
  };
  const del = useDeleteFlow((x: T) => publish.track(o.name(x), tk, () => o.remove(x, tk)), () => { toast.success(o.deleted); list.reload(); }, (e) => toast.error(errorText(e)));
  return {
    canEdit, list, items: list.data?.items ?? [], tenantKey: tk, editing, setEditing, close, del,
    /** Whether a dialog is open, and for which record (null: a new one). */
    dialogOpen: (creating && canEdit) || editing !== null,
    saved: () => { list.reload(); close(); },
    openNew: () => navigate(o.createPath),
    name: o.name,
  };
}

export type ListScreen<T> = ReturnType<typeof useListScreen<T>>;

/** A row's Edit and Delete buttons (for editors only). */
export function RowActions<T>({ screen, item }: { screen: ListScreen<T>; item: T }) {
  if (!screen.canEdit) return <td className="cell-actions" />;
  const n = screen.name(item);
  return (
    <td className="cell-actions">
      <IconButton icon="edit" label={`Edit ${n}`} onClick={() => screen.setEditing(item)} />
      <IconButton icon="trash" label={`Delete ${n}`} onClick={() => screen.del.ask(item)} />
    </td>
  );
}

/** The "New …" button of editors, or null. */
export function NewButton<T>({ screen, children }: { screen: ListScreen<T>; children: ReactNode }) {
  return screen.canEdit ? <Button variant="primary" icon="plus" onClick={screen.openNew}>{children}</Button> : null;
}

/** The delete confirmation while a record is being deleted. */
export function DeleteConfirm<T>({ screen, title, message }: { screen: ListScreen<T>; title: string; message: (item: T) => string }) {
  const d = screen.del.deleting;
  return d ? <ConfirmDialog title={title} message={message(d)} confirmLabel="Delete" onCancel={screen.del.cancel} onConfirm={() => void screen.del.confirm()} /> : null;
}
