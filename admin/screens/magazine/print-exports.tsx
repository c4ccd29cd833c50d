// /admin/print-exports (issue 21; manage_print_export): pick an issue and download its print package
// — ICML stories, images at original resolution and manifest.json, zipped by the API and sent as
// base64, decoded here into a Blob download. Without an issue (or a magazine), the same package is
// made of a website section's items over a date range (issue 20). Links the InDesign script (/scripts/indesign.zip).
import { useState } from 'react';
import * as api from '../../data/api-magazine';
import { getWebsiteSectionsHierarchy } from '../../data/api';
import { flattenTree } from '../../data/sections';
import { addDays } from '../../../engine/domain/reports';
import { errorText, useToast } from '../../app/toasts';
import { useAsync } from '../../lib/use-async';
import { useBusy } from '../../lib/use-busy';
import { downloadBytes } from '../../lib/download';
import { Button } from '../../components/button';
import { SelectField, TextField } from '../../components/fields';
import { EmptyState, ErrorPanel, Loading, formatDate } from '../../components/bits';
import { Card, Page } from '../../shell/page';

/** The bytes of a base64 string (the export's zip). */
export function base64Bytes(b64: string): Uint8Array {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

export default function PrintExportsScreen() {
  const issues = useAsync(() => api.getIssues(), []);
  const sections = useAsync(() => getWebsiteSectionsHierarchy().then(flattenTree), []);
  const today = new Date().toISOString().slice(0, 10);
  const [range, setRange] = useState({ sectionId: '', from: addDays(today, -6), to: today });
  const byRange = useBusy();
  const [issueId, setIssueId] = useState<string>('');
  const [last, setLast] = useState<api.PrintExport | null>(null);
  const toast = useToast();
  const { busy, run } = useBusy();
  const save = (exp: api.PrintExport) => {
    downloadBytes(exp.filename, base64Bytes(exp.base64), exp.contentType);
    setLast(exp);
    toast.success(`Downloaded ${exp.filename} (${exp.stories} ${exp.stories === 1 ? 'story' : 'stories'}).`);
  };
  const download = () => run(async () => save(await api.exportIssueForPrint(Number(issueId))), (e) => toast.error(errorText(e)));
  const downloadRange = () => byRange.run(async () => save(await api.exportSectionsForPrint({
    sectionId: range.sectionId ? Number(range.sectionId) : null, from: range.from, to: range.to,
  })), (e) => toast.error(errorText(e)));
  const list = issues.data ?? [];
  return (
    <Page title="Print exports">
      {issues.loading ? <Loading /> : issues.error ? <ErrorPanel message={issues.error} onRetry={issues.reload} /> : list.length === 0 ? (
        <EmptyState icon="content" title="No issues to export">Create an issue under Magazine issues and place stories into it.</EmptyState>
      ) : (
        <Card title="Download an issue’s print package" description="A zip of the issue’s stories as ICML, their images at original resolution and manifest.json.">
          <SelectField label="Issue" required value={issueId} placeholder="Choose an issue…"
            options={list.map((i) => ({ value: String(i.id), label: `${i.publication.name} — ${i.name} (${formatDate(i.issueDate)})` }))} onChange={(x) => setIssueId(x ?? '')} />
          <Button variant="primary" disabled={!issueId} busy={busy} onClick={() => void download()}>Download zip</Button>
          {last ? <p className="muted">Last export: {last.filename}, {last.stories} stories, {Math.ceil(last.bytes / 1024)} KB.</p> : null}
        </Card>
      )}
      <Card title="Download a section’s items by date" description="The same package made of the items published in a website section (and the sections below it) between two days, both included.">
        <SelectField label="Website section" value={range.sectionId} placeholder="All sections"
          options={(sections.data ?? []).map((x) => ({ value: String(x.id), label: x.name }))} onChange={(x) => setRange({ ...range, sectionId: x ?? '' })} />
        <TextField label="Published from" type="date" required value={range.from} max={range.to} onChange={(v) => setRange({ ...range, from: v ?? '' })} />
        <TextField label="Published to" type="date" required value={range.to} min={range.from} onChange={(v) => setRange({ ...range, to: v ?? '' })} />
        <Button variant="primary" disabled={!range.from || !range.to} busy={byRange.busy} onClick={() => void downloadRange()}>Download section zip</Button>
      </Card>
      <Card title="InDesign script">
        <p>The script places an unzipped export’s stories into an InDesign document, sections in order. <a href="/scripts/indesign.zip" download>Download the InDesign script (zip)</a></p>
      </Card>
    </Page>
  );
}
