// /admin/contracts: the tenant's contributor contracts with their label ("<name> Approved <date>"
// or "<name> Pending") and link state; send a new link, revoke it, or delete a Pending contract.
import * as api from '../../data/api';
import type { Contract } from '../../data/types';
import { errorText, useToast } from '../../app/toasts';
import { useNavigate } from '../../lib/router';
import { useAsync } from '../../lib/use-async';
import { useDeleteFlow } from '../../lib/use-busy';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/dialog';
import { Badge, EmptyState, ErrorPanel, Loading, formatDate } from '../../components/bits';
import { ListTable } from '../../components/list-table';
import { Card, Page } from '../../shell/page';
import { Link } from '../../lib/router';

export default function ContractsScreen() {
  const navigate = useNavigate();
  const toast = useToast();
  const list = useAsync(() => api.getContractStream(0, 1000), []);
  const del = useDeleteFlow((c: Contract) => api.deleteContract(c.id), () => { toast.success('Contract deleted.'); list.reload(); }, (e) => toast.error(errorText(e)));
  const act = async (what: () => Promise<unknown>, done: string) => {
    try { await what(); toast.success(done); list.reload(); } catch (e) { toast.error(errorText(e)); }
  };
  return (
    <Page title="Contracts" actions={<Button variant="primary" icon="plus" onClick={() => navigate('/admin/create-contract')}>New contract</Button>}>
      {list.loading && !list.data ? <Loading /> : list.error ? <ErrorPanel message={list.error} onRetry={list.reload} /> : (list.data?.items.length ?? 0) === 0 ? (
        <EmptyState icon="content" title="No contracts yet">A contract sets a contributor's terms; they approve it from the link they are e-mailed.</EmptyState>
      ) : (
        <Card title={`${list.data?.totalCount ?? 0} contracts`}>
          <ListTable caption="Contracts" columns={['Contract', 'Contributor e-mail', 'Link']}>
            {list.data?.items.map((c) => (
              <tr key={c.id}>
                <td><Link href={`/admin/contract/${c.id}`}>{c.label}</Link> {c.status === 'approved' ? <Badge tone="green">Approved</Badge> : <Badge tone="amber">Pending</Badge>}</td>
                <td>{c.contributorEmail}</td>
                <td className="muted">{c.status === 'approved' ? 'Locked' : c.linkActive ? `Active until ${formatDate(c.tokenExpiresAt)}` : 'No active link'}</td>
                <td>
                  {c.status === 'pending' ? (
                    <div className="contract-actions">
                      <Button size="sm" onClick={() => void act(() => api.sendContractLink(c.id), `A new link was e-mailed to ${c.contributorEmail}.`)}>Send new link</Button>
                      {c.linkActive ? <Button size="sm" onClick={() => void act(() => api.revokeContractLink(c.id), 'Link revoked.')}>Revoke link</Button> : null}
                      <Button size="sm" onClick={() => del.ask(c)}>Delete</Button>
                    </div>
                  ) : null}
                </td>
              </tr>
            ))}
          </ListTable>
        </Card>
      )}
      {del.deleting ? <ConfirmDialog title="Delete contract?" message={`The contract with ${del.deleting.contributorName} will be deleted and its link stops working.`} confirmLabel="Delete" onCancel={del.cancel} onConfirm={() => void del.confirm()} /> : null}
    </Page>
  );
}
