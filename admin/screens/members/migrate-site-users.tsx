// /admin/migrate-site-users (issue 24, manage_site_users): site users from another system's CSV.
// Choose the file → the columns are mapped by their names (each can be changed) → the preview says
// per row whether it creates a user, merges into one with the same e-mail address, or is invalid
// (with the field and reason) → Import. A file with invalid rows imports nothing unless "Import the
// valid rows" is ticked. The API (engine/services/members/migrate-users.ts) checks everything again.
import { useState } from 'react';
import { SITE_USER_CSV_MAX_CHARS, SITE_USER_CSV_MAX_ROWS } from '../../../engine/domain/site-user-csv';
import * as api from '../../data/api-migrate';
import { errorText, useToast } from '../../app/toasts';
import { useBusy } from '../../lib/use-busy';
import { Button } from '../../components/button';
import { CheckboxField, SelectField } from '../../components/fields';
import { Badge } from '../../components/bits';
import { ListTable } from '../../components/list-table';
import { Card, Page } from '../../shell/page';

const SHOWN = 500;
const TONE = { create: 'green', merge: 'blue', invalid: 'red' } as const;
const LABEL = { create: 'New user', merge: 'Merge', invalid: 'Invalid' } as const;

export default function MigrateSiteUsersScreen() {
  const toast = useToast();
  const { busy, run } = useBusy();
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [preview, setPreview] = useState<api.SiteUserImportPreview | null>(null);
  const [mapping, setMapping] = useState<api.SiteUserImportMapping>([]);
  const [error, setError] = useState<string | null>(null);
  const [validOnly, setValidOnly] = useState(false);

  const check = (text: string, m?: api.SiteUserImportMapping) => run(async () => {
    setError(null);
    const p = await api.previewSiteUserImport(text, m);
    setPreview(p);
    setMapping(p.mapping.map(({ field, column }) => ({ field, column })));
    setValidOnly(false);
  }, (e) => { setPreview(null); setError(errorText(e)); });

  const choose = async (f: File | undefined) => {
    setPreview(null);
    if (!f) { setFile(null); return; }
    const text = await f.text();
    setFile({ name: f.name, text });
    if (text.length > SITE_USER_CSV_MAX_CHARS) { setError(`${f.name} is too large: at most ${SITE_USER_CSV_MAX_CHARS.toLocaleString('en')} characters. Split the file.`); return; }
    await check(text);
  };

  const remap = (field: string, column: string | null) => {
    const next = mapping.map((x) => (x.field === field ? { field, column: column === null || column === '' ? null : Number(column) } : x));
    setMapping(next);
    if (file) void check(file.text, next);
  };

  const importNow = () => run(async () => {
    if (!file || !preview) return;
    const r = await api.importSiteUsers(file.text, mapping, validOnly);
    toast.success(`${r.created} site users created, ${r.merged} merged${r.skipped ? `, ${r.skipped} invalid rows skipped` : ''}.`);
    setPreview(null);
    setFile(null);
  }, (e) => setError(errorText(e)));

  const columns = (preview?.columns ?? []).map((c, i) => ({ value: String(i), label: `${i + 1}: ${c || '(no name)'}` }));
  const canImport = Boolean(preview && preview.valid > 0 && (preview.invalid === 0 || validOnly));
  return (
    <Page title="Migrate site users" eyebrow="Members" actions={
      <Button variant="primary" busy={busy} disabled={!canImport} onClick={() => void importNow()}>
        {preview ? `Import ${preview.invalid && validOnly ? preview.valid : preview.total} rows` : 'Import'}
      </Button>
    }>
      <Card title="CSV file" description={`The first line names the columns: e-mail address (required), first and last name, company, country (ISO code), memberships and newsletter opt-ins (id, alias or title, separated by | or ;) and the date the newsletter consent was given (YYYY-MM-DD). Users are added to the site chosen at the top. At most ${SITE_USER_CSV_MAX_ROWS.toLocaleString('en')} rows. Users already on the site (same e-mail address) are merged: empty fields are filled and memberships and opt-ins added; nothing is removed.`}>
        <label className="field">
          <span className="field-label">File to import</span>
          <input type="file" accept=".csv,text/csv" onChange={(e) => void choose(e.target.files?.[0])} aria-describedby={error ? 'migrate-users-error' : undefined} />
        </label>
        {error ? <p id="migrate-users-error" className="field-error" role="alert">{error}</p> : null}
      </Card>
      {preview ? (
        <>
          <Card title="Columns" description="Which column of the file each field is read from. Changing one checks the file again.">
            <div className="grid-2">
              {preview.mapping.map((m) => (
                <SelectField key={m.field} label={m.label} required={m.field === 'email'} value={mapping.find((x) => x.field === m.field)?.column?.toString() ?? ''}
                  options={columns} placeholder="Not in the file" onChange={(v) => remap(m.field, v)} />
              ))}
            </div>
          </Card>
          <Card title="Preview" description={`${preview.total} rows: ${preview.create} new users, ${preview.merge} merged, ${preview.invalid} invalid.`}>
            {preview.invalid > 0 ? (
              <CheckboxField label={`Import the ${preview.valid} valid rows and skip the ${preview.invalid} invalid ones`} checked={validOnly} onChange={setValidOnly}
                hint="Without this, a file with invalid rows imports nothing: fix the file and choose it again." />
            ) : null}
            <ListTable caption="Rows of the file" actions={false} columns={['Line', 'E-mail address', 'Result', 'Problems']}>
              {preview.rows.slice(0, SHOWN).map((r) => (
                <tr key={r.line}>
                  <td>{r.line}</td>
                  <td>{r.email || '—'}</td>
                  <td><Badge tone={TONE[r.action]}>{LABEL[r.action]}</Badge>{r.mergedWithLine ? <span className="muted"> with line {r.mergedWithLine}</span> : null}</td>
                  <td>{r.problems.length ? <ul className="stack-tight">{r.problems.map((p, i) => <li key={i}>{p.field}: {p.message}</li>)}</ul> : '—'}</td>
                </tr>
              ))}
            </ListTable>
            {preview.rows.length > SHOWN ? <p className="muted">The first {SHOWN} of {preview.rows.length} rows are shown.</p> : null}
          </Card>
        </>
      ) : null}
    </Page>
  );
}
