// The issue's placements editor (issue 21): content placed into the issue's sections, in order. Pick
// content by id (checked with getContent) or by searching titles, move it up or down within its
// section, remove it; Save sends the whole list to setMagazineIssuePlacements in section order.
import { useEffect, useState } from 'react';
import * as api from '../../data/api';
import * as magazine from '../../data/api-magazine';
import type { MagazineIssue, MagazineSection } from '../../data/api-magazine';
import { errorText, useToast } from '../../app/toasts';
import { useAsync } from '../../lib/use-async';
import { useBusy } from '../../lib/use-busy';
import { Button, IconButton } from '../../components/button';
import { SelectField, TextField } from '../../components/fields';
import { EmptyState, ErrorPanel, Loading } from '../../components/bits';
import { Card } from '../../shell/page';

interface Placed { contentId: number; name: string | null }
type Lists = Record<number, Placed[]>;

/** The placements as the API takes them: sections in order, each section's stories in order. */
export function placementsOf(sections: readonly MagazineSection[], lists: Lists): { sectionId: number; contentId: number }[] {
  return sections.flatMap((s) => (lists[s.id] ?? []).map((p) => ({ sectionId: s.id, contentId: p.contentId })));
}

/** Moves item i of a list by delta (−1 up, +1 down); out of range leaves it as it is. */
export function moved<T>(list: readonly T[], i: number, delta: number): T[] {
  const j = i + delta;
  if (j < 0 || j >= list.length) return [...list];
  const out = [...list];
  [out[i], out[j]] = [out[j]!, out[i]!];
  return out;
}

export function IssuePlacements({ issue, onDone }: { issue: MagazineIssue; onDone: () => void }) {
  const loaded = useAsync(async () => {
    const [full, sections] = await Promise.all([magazine.getIssue(issue.id), magazine.getMagazineSections(issue.publicationId)]);
    return { full, sections: [...sections].sort((a, b) => a.position - b.position || a.id - b.id) };
  }, [issue.id]);
  const [lists, setLists] = useState<Lists>({});
  const [sectionId, setSectionId] = useState('');
  const [idText, setIdText] = useState('');
  const [idError, setIdError] = useState<string | undefined>(undefined);
  const [phrase, setPhrase] = useState('');
  const [found, setFound] = useState<{ id: number; name: string }[] | null>(null);
  const toast = useToast();
  const { busy, run } = useBusy();

  useEffect(() => {
    if (!loaded.data) return;
    const next: Lists = {};
    for (const p of [...(loaded.data.full.placements ?? [])].sort((a, b) => a.position - b.position)) {
      (next[p.sectionId] ??= []).push({ contentId: p.contentId, name: null });
    }
    setLists(next);
    setSectionId(loaded.data.sections[0] ? String(loaded.data.sections[0].id) : '');
    // Titles of the stories already placed (an item that cannot be read keeps "Content <id>").
    let live = true;
    const ids = Object.values(next).flat().map((p) => p.contentId);
    void Promise.all(ids.map((id) => api.getContent(id).then((c) => [id, c.name] as const, () => null))).then((named) => {
      if (!live) return;
      const names = new Map(named.filter((n) => n !== null));
      setLists((l) => Object.fromEntries(Object.entries(l).map(([k, list]) => [k, list.map((p) => ({ ...p, name: p.name ?? names.get(p.contentId) ?? null }))])));
    });
    return () => { live = false; };
  }, [loaded.data]);

  if (loaded.loading) return <Loading />;
  if (loaded.error || !loaded.data) return <ErrorPanel message={loaded.error ?? 'Not found'} onRetry={loaded.reload} />;
  const { sections } = loaded.data;
  const target = Number(sectionId);
  const placedIds = new Set(Object.values(lists).flat().map((p) => p.contentId));

  const place = (contentId: number, name: string | null) => {
    if (placedIds.has(contentId)) { setIdError(`Content ${contentId} is already placed in this issue`); return; }
    setLists((l) => ({ ...l, [target]: [...(l[target] ?? []), { contentId, name }] }));
    setIdError(undefined);
  };
  const addById = async () => {
    const id = Number(idText.trim());
    if (!Number.isInteger(id) || id <= 0) { setIdError('Enter a content id (a positive whole number)'); return; }
    if (placedIds.has(id)) { setIdError(`Content ${id} is already placed in this issue`); return; }
    try {
      const c = await api.getContent(id);
      place(id, c.name);
      setIdText('');
    } catch {
      setIdError(`No content with id ${id} on this site`);
    }
  };
  const search = async () => {
    const page = await api.getContentStream({ search: phrase.trim() || undefined, skip: 0, limit: 10 });
    setFound(page.items.map((c) => ({ id: c.id, name: c.name })));
  };
  const update = (sid: number, fn: (l: Placed[]) => Placed[]) => setLists((l) => ({ ...l, [sid]: fn(l[sid] ?? []) }));
  const save = () => run(async () => {
    await magazine.setMagazineIssuePlacements(issue.id, placementsOf(sections, lists));
    toast.success('Placements saved.');
    onDone();
  }, (e) => toast.error(errorText(e)));

  if (sections.length === 0) {
    return <Card title={`Stories of ${issue.name}`}><EmptyState icon="sections" title="No sections" action={<Button onClick={onDone}>Back</Button>}>Add sections to {issue.publication.name} under Magazine sections first.</EmptyState></Card>;
  }
  return (
    <Card title={`Stories of ${issue.name}`} actions={<><Button onClick={onDone}>Cancel</Button><Button variant="primary" busy={busy} onClick={() => void save()}>Save placements</Button></>}>
      <div className="form-row">
        <SelectField label="Place into section" required value={sectionId} options={sections.map((s) => ({ value: String(s.id), label: s.name }))} onChange={(x) => setSectionId(x ?? '')} />
        <TextField label="Content id" inputMode="numeric" value={idText} onChange={(x) => { setIdText(x); setIdError(undefined); }} error={idError} field="contentId"
          onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); void addById(); } }} />
        <Button onClick={() => void addById()}>Add by id</Button>
      </div>
      <div className="form-row">
        <TextField label="Search content" value={phrase} onChange={setPhrase} onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); void search(); } }} />
        <Button icon="search" onClick={() => void search()}>Search</Button>
      </div>
      {found ? (
        <ul aria-label="Search results" className="plain-list">
          {found.length === 0 ? <li className="muted">No content matches.</li> : found.map((c) => (
            <li key={c.id}><span className="mono muted">{c.id}</span> {c.name} <Button size="sm" icon="plus" aria-label={`Place ${c.name}`} disabled={placedIds.has(c.id)} onClick={() => place(c.id, c.name)}>Place</Button></li>
          ))}
        </ul>
      ) : null}
      {sections.map((s) => {
        const list = lists[s.id] ?? [];
        return (
          <section key={s.id} aria-label={`Section ${s.name}`}>
            <h3>{s.name}</h3>
            {list.length === 0 ? <p className="muted">No stories placed.</p> : (
              <ol>
                {list.map((p, i) => {
                  const label = p.name ?? `Content ${p.contentId}`;
                  return (
                    <li key={p.contentId}>
                      <span className="mono muted">{p.contentId}</span> {label}
                      <IconButton icon="grip" label={`Move ${label} up`} disabled={i === 0} onClick={() => update(s.id, (l) => moved(l, i, -1))} />
                      <IconButton icon="grip" label={`Move ${label} down`} disabled={i === list.length - 1} onClick={() => update(s.id, (l) => moved(l, i, 1))} />
                      <IconButton icon="trash" label={`Remove ${label}`} onClick={() => update(s.id, (l) => l.filter((_, j) => j !== i))} />
                    </li>
                  );
                })}
              </ol>
            )}
          </section>
        );
      })}
    </Card>
  );
}
