// Settings dialogs of the grid editor: a block's settings and data (checked with blockSchema) and a
// row's settings (checked with rowSettingsSchema).
import { useState } from 'react';
import { SCHEDULE_OPTIONS } from '../../../engine/domain/enums';
import { blockSchema, rowSettingsSchema, type Block } from '../../../engine/domain/layout';
import { ISSUE_LIST_DISPLAYS, issueListLimit } from '../../../engine/domain/magazine';
import { getPublicationStream } from '../../data/api-magazine';
import { useAsync } from '../../lib/use-async';
import type { SectionNode } from '../../data/types';
import { flattenTree } from '../../data/sections';
import { issuesToErrors, type FieldErrors } from '../../lib/validation';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { CheckboxField, CheckboxGroup, SelectField, TextAreaField, TextField } from '../../components/fields';
import { BLOCK_LABELS, type Row } from './grid-ops';
import { applyTexts, BlockDataFields, dataTexts, SharedSettingsFields } from './block-data-fields';
import { CONTENT_TYPE_OPTIONS } from '../../lib/content-labels';

type Draft = Record<string, unknown> & { settings: Record<string, unknown>; data: Record<string, unknown> };

export function parseSizes(text: string): [number, number][] | null {
  const parts = text.split(/[\s,]+/).filter(Boolean);
  const out: [number, number][] = [];
  for (const p of parts) {
    const m = /^(\d+)x(\d+)$/i.exec(p);
    if (!m) return null;
    out.push([Number(m[1]), Number(m[2])]);
  }
  return out;
}

export function BlockSettingsDialog({ block, sections, onApply, onClose }: { block: Block; sections: SectionNode[]; onApply: (b: Block) => void; onClose: () => void }) {
  const [draft, setDraft] = useState<Draft>(() => structuredClone(block) as unknown as Draft);
  const [sizes, setSizes] = useState(() => (block.type === 'ad_slot' ? block.data.sizes.map(([w, h]) => `${w}x${h}`).join(', ') : ''));
  const [texts, setTexts] = useState<Record<string, string>>(() => dataTexts(block));
  const [errors, setErrors] = useState<FieldErrors>({});
  const s = draft.settings;
  const d = draft.data;
  const setS = (k: string, v: unknown) => setDraft((x) => ({ ...x, settings: { ...x.settings, [k]: v === '' ? undefined : v } }));
  const setD = (k: string, v: unknown) => setDraft((x) => ({ ...x, data: { ...x.data, [k]: v } }));

  const apply = () => {
    const next = structuredClone(draft);
    if (block.type === 'ad_slot') {
      const parsed = parseSizes(sizes);
      if (!parsed) {
        setErrors({ 'data.sizes': 'Use sizes like 300x250, 728x90' });
        return;
      }
      next.data.sizes = parsed;
    }
    const textErrors = applyTexts(block.type, next.data, texts);
    if (textErrors) {
      setErrors(textErrors);
      return;
    }
    const r = blockSchema.safeParse(next);
    if (!r.success) {
      setErrors(issuesToErrors(r.error.issues));
      return;
    }
    onApply(r.data);
  };

  const sectionChoices = [
    { value: 'current', label: 'The page’s own section' },
    { value: 'home', label: 'Home' },
    ...flattenTree(sections).map((x) => ({ value: String(x.id), label: x.fullName })),
  ];

  return (
    <Dialog title={`${BLOCK_LABELS[block.type]} settings`} onClose={onClose} width={620}
      footer={<><Button onClick={onClose}>Cancel</Button><Button variant="primary" onClick={apply}>Apply</Button></>}>
      <div className="stack">
        <SharedSettingsFields s={s} setS={setS} errors={errors} />
        <BlockDataFields type={block.type} d={d} setD={setD} texts={texts} setText={(k, v) => setTexts((x) => ({ ...x, [k]: v }))} errors={errors} sectionChoices={sectionChoices} />
        {block.type === 'content_list' ? (
          <>
            <div className="grid-2">
              <SelectField label="Section" required value={String(d.section ?? 'current')} options={sectionChoices} onChange={(v) => v && setD('section', /^\d+$/.test(v) ? Number(v) : v)} />
              <SelectField label="Schedule option" value={String(d.scheduleOption ?? '')} placeholder="Any" options={SCHEDULE_OPTIONS.map((o) => ({ value: o, label: o }))} onChange={(v) => setD('scheduleOption', v ?? undefined)} />
              <TextField label="Number of items" type="number" min={1} max={100} value={String(d.limit ?? 6)} onChange={(v) => setD('limit', v === '' ? undefined : Number(v))} error={errors['data.limit']} hint="1 to 100." />
              <SelectField label="Display" required value={String(d.display ?? 'cards')} options={['list', 'cards', 'compact', 'hero'].map((x) => ({ value: x, label: x[0]?.toUpperCase() + x.slice(1) }))} onChange={(v) => v && setD('display', v)} />
            </div>
            <CheckboxField label="Page over the overflow (…/page/N/)" checked={Boolean(d.paginate)} onChange={(v) => setD('paginate', v)} />
            <CheckboxGroup legend="Content types (none means all)" columns={3} options={CONTENT_TYPE_OPTIONS} value={(d.contentTypes as string[]) ?? []} onChange={(v) => setD('contentTypes', v)} />
          </>
        ) : null}
        {block.type === 'related_content' ? (
          <TextField label="Number of items" type="number" min={1} max={20} value={String(d.limit ?? 4)} onChange={(v) => setD('limit', Number(v))} error={errors['data.limit']} hint="1 to 20." />
        ) : null}
        {block.type === 'html' ? (
          <TextAreaField label="HTML" rows={8} className="mono" value={String(d.html ?? '')} onChange={(v) => setD('html', v)} error={errors['data.html']} />
        ) : null}
        {block.type === 'image_grid' ? (
          <TextField label="Image ids" value={((d.assetIds as number[]) ?? []).join(', ')} onChange={(v) => setD('assetIds', v.split(/[\s,]+/).filter(Boolean).map(Number))} error={errors['data.assetIds']} hint="Asset ids separated by commas." />
        ) : null}
        {block.type === 'issue_list' ? <IssueListFields d={d} setD={setD} errors={errors} /> : null}
        {block.type === 'ad_slot' ? (
          <div className="grid-2">
            <TextField label="Slot" required value={String(d.slot ?? '')} onChange={(v) => setD('slot', v)} error={errors['data.slot']} />
            <TextField label="Sizes" value={sizes} onChange={setSizes} placeholder="300x250, 728x90" error={errors['data.sizes']} />
          </div>
        ) : null}
      </div>
    </Dialog>
  );
}

export function RowSettingsDialog({ row, index, onApply, onClose }: { row: Row; index: number; onApply: (settings: Row['settings']) => void; onClose: () => void }) {
  const [draft, setDraft] = useState<Record<string, unknown>>({ ...row.settings });
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (k: string, v: unknown) => setDraft((x) => ({ ...x, [k]: v === '' ? undefined : v }));
  const apply = () => {
    const r = rowSettingsSchema.safeParse(draft);
    if (!r.success) setErrors(issuesToErrors(r.error.issues));
    else onApply(r.data);
  };
  return (
    <Dialog title={`Row ${index + 1} settings`} onClose={onClose} width={560} footer={<><Button onClick={onClose}>Cancel</Button><Button variant="primary" onClick={apply}>Apply</Button></>}>
      <div className="grid-2">
        <TextField label="Title" value={String(draft.title ?? '')} onChange={(v) => set('title', v)} error={errors.title} />
        <TextField label="Title link" value={String(draft.link ?? '')} onChange={(v) => set('link', v)} error={errors.link} />
        <SelectField label="Width" required value={String(draft.width ?? 'site-width')} options={[{ value: 'site-width', label: 'Site width' }, { value: 'restricted', label: 'Restricted' }]} onChange={(v) => v && set('width', v)} />
        <div />
        <TextField label="Background colour" value={String(draft.backgroundColor ?? '')} placeholder="#ffffff" onChange={(v) => set('backgroundColor', v)} error={errors.backgroundColor} />
        <TextField label="Text colour" value={String(draft.textColor ?? '')} placeholder="#111111" onChange={(v) => set('textColor', v)} error={errors.textColor} />
      </div>
      <div className="stack stack-tight">
        <CheckboxField label="Vertical padding" checked={Boolean(draft.verticalPadding)} onChange={(v) => set('verticalPadding', v || undefined)} />
        <CheckboxField label="Group blocks" checked={Boolean(draft.groupBlocks)} onChange={(v) => set('groupBlocks', v || undefined)} />
      </div>
    </Dialog>
  );
}

/** An issue list block: the publication (picked from the tenant's publications, or typed as an id without magazine access) and the display. */
function IssueListFields({ d, setD, errors }: { d: Record<string, unknown>; setD: (k: string, v: unknown) => void; errors: FieldErrors }) {
  const publications = useAsync(() => getPublicationStream(), []);
  const value = d.publicationId === undefined ? '' : String(d.publicationId as number);
  const pick = (v: string | null) => setD('publicationId', v ? Number(v) : undefined);
  return (
    <div className="grid-2">
      {publications.data ? (
        <SelectField label="Publication" required value={value} placeholder="Choose a publication…" options={publications.data.map((p) => ({ value: String(p.id), label: p.name }))}
          onChange={pick} error={errors['data.publicationId']} field="data.publicationId" />
      ) : (
        <TextField label="Publication id" required inputMode="numeric" value={value} onChange={(v) => pick(v.trim())} error={errors['data.publicationId']} field="data.publicationId" />
      )}
      <SelectField label="Display" required value={String(d.display ?? 'grid')} onChange={(v) => setD('display', v ?? 'grid')} field="data.display"
        options={ISSUE_LIST_DISPLAYS.map((x) => ({ value: x, label: `${x === 'single' ? 'Latest issue' : x === 'grid' ? 'Grid' : 'List'} (${issueListLimit(x)} at most)` }))} />
    </div>
  );
}
