// Settings dialogs of the campaign grid editor (admin §3.8): a block's styling settings and its
// type's data (checked with newsletterBlockSchema), and a row's settings (newsletterRowSettingsSchema).
import { useEffect, useState } from 'react';
import {
  ALIGNMENTS, CTA_STYLES, ISSUE_DISPLAY_MODES, ISSUE_TOKENS, NEWSLETTER_ROW_LAYOUTS, newsletterRowSettingsSchema,
  type NewsletterBlock,
} from '../../../engine/domain/newsletter';
import { placementsOfKind, NEWSLETTER_AD_PLACEMENTS } from '../../../engine/domain/newsletter-ads';
import * as api from '../../data/api';
import { flattenTree } from '../../data/sections';
import type { SectionNode } from '../../data/types';
import { useForm, type FormApi } from '../../lib/use-form';
import { issuesToErrors, type FieldErrors } from '../../lib/validation';
import { Button } from '../../components/button';
import { ChipPicker, type Chip } from '../../components/chip-picker';
import { Dialog } from '../../components/dialog';
import { CheckboxGroup, RadioGroup } from '../../components/fields';
import { BLOCK_LABELS, cleanBlock, validateBlockDraft, type CampaignRow } from './campaign-grid';
import { PathCheck, PathColour, PathNumber, PathSelect, PathText } from './nl-fields';
import { getPath, numberValue, setPath } from './template-form';
import { CONTENT_TYPE_OPTIONS, typeLabel } from '../../lib/content-labels';

const cap = (v: string) => v.charAt(0).toUpperCase() + v.slice(1).replace(/[-_]/g, ' ');
const opts = (values: readonly string[]) => values.map((v) => ({ value: v, label: cap(v) }));

async function searchContent(text: string, type?: string): Promise<Chip[]> {
  const p = await api.getContentStream({ search: text || undefined, type, status: 1, skip: 0, limit: 25 });
  return p.items.map((c) => ({ id: c.id, label: c.name, detail: `${typeLabel(c.type)} · ${c.id}` }));
}

/** Names for chosen ids (the block stores ids only). */
function useChips(ids: readonly number[]): [Chip[], (c: Chip[]) => void] {
  const [chips, setChips] = useState<Chip[]>(() => ids.map((id) => ({ id, label: `Content ${id}` })));
  useEffect(() => {
    let live = true;
    void Promise.all(ids.map((id) => api.getContent(id).then((c) => ({ id, label: c.name, detail: `${typeLabel(c.type)} · ${id}` }), () => ({ id, label: `Content ${id}` }))))
      .then((r) => live && setChips(r));
    return () => { live = false; };
    // Only the ids the dialog opened with need names; later picks carry theirs.
  }, []);
  return [chips, setChips];
}

type BF = FormApi<NewsletterBlock>;

export function BlockDialog({ block, sections, onApply, onClose }: { block: NewsletterBlock; sections: SectionNode[]; onApply: (b: NewsletterBlock) => void; onClose: () => void }) {
  const form = useForm<NewsletterBlock>(structuredClone(block), validateBlockDraft);
  const apply = () => {
    if (form.check()) onApply(cleanBlock(form.values));
  };
  const t = block.type;
  return (
    <Dialog title={`${BLOCK_LABELS[t]} settings`} onClose={onClose} width={720}
      footer={<><Button onClick={onClose}>Cancel</Button><Button variant="primary" onClick={apply}>Apply</Button></>}>
      <form className="stack" noValidate onSubmit={(e) => { e.preventDefault(); apply(); }} aria-label={`${BLOCK_LABELS[t]} settings`}>
        {t === 'content_list' || t === 'content_list_new' ? <ContentListData form={form} sections={sections} /> : null}
        {t === 'html' ? <PathText form={form} path="data.html" label="HTML" area className="mono" /> : null}
        {t === 'fixed_ad' || t === 'native_ad' ? <AdData form={form} kind={t === 'fixed_ad' ? 'display' : 'native'} /> : null}
        {t === 'issue' ? <IssueData form={form} /> : null}
        {t === 'contacts' ? <ContactsData form={form} /> : null}
        {t === 'passendo_ad' ? (
          <div className="grid-2">
            <PathText form={form} path="data.placementId" label="Placement id" required />
            <PathText form={form} path="data.addtlDemos" label="Additional demographics" />
          </div>
        ) : null}
        <details className="disclosure nl-styling" open={t === 'html' || t === 'passendo_ad'}>
          <summary>Label, title and styling</summary>
          <div className="grid-2">
            <PathText form={form} path="settings.label" label="Label" />
            <PathText form={form} path="settings.title" label="Title" />
            <PathText form={form} path="settings.titleLink" label="Title link" placeholder="/news" />
            <PathSelect form={form} path="settings.alignment" label="Alignment" required options={opts(ALIGNMENTS)} />
            <PathNumber form={form} path="settings.titleFontSize" label="Title font size" unit="rem" hint=".8 to 2.0" />
            <PathNumber form={form} path="settings.contentFontSize" label="Content font size" unit="rem" hint=".8 to 2.0" />
            <PathColour form={form} path="settings.titleColor" label="Title colour" />
            <PathColour form={form} path="settings.contentFontColor" label="Content font colour" />
            <PathColour form={form} path="settings.backgroundColor" label="Background" />
            <div />
            <PathSelect form={form} path="settings.ctaStyle" label="Call to action style" required options={opts(CTA_STYLES)} />
            {getPath(form.values, 'settings.ctaStyle') !== 'none' ? <PathText form={form} path="settings.ctaLabel" label="Call to action label" /> : null}
            {getPath(form.values, 'settings.ctaStyle') !== 'none' ? <PathColour form={form} path="settings.ctaColor" label="Call to action colour" /> : null}
          </div>
        </details>
        <button type="submit" hidden>Apply</button>
      </form>
    </Dialog>
  );
}

function ContentListData({ form, sections }: { form: BF; sections: SectionNode[] }) {
  const d = form.values.data as Record<string, unknown>;
  const manual = d.population_mode !== 'automatic';
  const [chips, setChips] = useChips((d.contentIds as number[] | undefined) ?? []);
  const pick = (c: Chip[]) => {
    setChips(c);
    form.update((s) => setPath(s, 'data.contentIds', c.map((x) => x.id)));
  };
  return (
    <div className="stack">
      <RadioGroup legend="Population" name="population_mode" value={manual ? 'manual' : 'automatic'}
        options={[{ value: 'manual', label: 'Manual — choose items' }, { value: 'automatic', label: 'Automatic — from a section' }]}
        onChange={(x) => form.update((s) => setPath(s, 'data.population_mode', x))} />
      {manual ? (
        <ChipPicker label="Content" selected={chips} onChange={pick} ordered search={(text) => searchContent(text)} placeholder="Search published content…"
          error={form.error('data.contentIds')} hint="In the order chosen." />
      ) : (
        <>
          <div className="grid-2">
            <PathSelect form={form} path="data.section" label="Section" required numeric options={flattenTree(sections).map((s) => ({ value: String(s.id), label: s.fullName }))} />
            <PathNumber form={form} path="data.numberOfItems" label="Number of items" hint="1 to 100" />
          </div>
          <CheckboxGroup legend="Content types (none means all)" columns={4} options={CONTENT_TYPE_OPTIONS}
            value={(d.contentTypes as string[] | undefined) ?? []} onChange={(x) => form.update((s) => setPath(s, 'data.contentTypes', x))} />
        </>
      )}
      <div className="grid-3 nl-checks">
        <PathCheck form={form} path="data.showLabels" label="Show labels" />
        <PathCheck form={form} path="data.showAuthor" label="Show author" />
        <PathCheck form={form} path="data.showEventInfo" label="Show event info" />
        <PathCheck form={form} path="data.showTeaser" label="Show teaser" />
      </div>
      <div className="grid-3">
        {d.showTeaser ? <PathSelect form={form} path="data.teaserMode" label="Teaser" required options={[{ value: 'fallback', label: 'Teaser, else body' }, { value: 'body_only', label: 'Body only' }]} /> : null}
        {d.showTeaser ? <PathNumber form={form} path="data.teaserLength" label="Teaser length" hint="50 to 600 characters" /> : null}
        <PathSelect form={form} path="data.imagePosition" label="Image position" required options={opts(['none', 'above', 'right', 'left'])} />
        {d.imagePosition !== 'none' ? <PathSelect form={form} path="data.imageSize" label="Image size" required options={opts(['small', 'large', 'custom'])} /> : null}
        {d.imagePosition !== 'none' ? <PathNumber form={form} path="data.maxImageSize" label="Max image size" unit="px" required={d.imageSize === 'custom'} hint="40 to 800" /> : null}
        {d.imagePosition !== 'none' ? <PathSelect form={form} path="data.imageShaping" label="Image shaping" required options={opts(['max', 'fill', 'crop'])} /> : null}
      </div>
    </div>
  );
}

function AdData({ form, kind }: { form: BF; kind: 'display' | 'native' }) {
  return (
    <div className="grid-2">
      <PathNumber form={form} path="data.position" label="Position" hint="1 to 100: ads scheduled at this position fill the block" />
      <PathSelect form={form} path="data.placement" label="Placement" placeholder={`Any ${kind} placement`}
        options={placementsOfKind(kind).map((k) => ({ value: k, label: NEWSLETTER_AD_PLACEMENTS[k].label }))} />
    </div>
  );
}

function IssueData({ form }: { form: BF }) {
  return (
    <div className="stack">
      <div className="grid-3">
        <PathNumber form={form} path="data.publicationId" label="Publication id" required />
        <PathNumber form={form} path="data.issueId" label="Issue id" hint="The latest issue when empty." />
        <PathSelect form={form} path="data.displayMode" label="Display" required options={opts(ISSUE_DISPLAY_MODES)} />
      </div>
      <PathText form={form} path="data.text" label="Text" area hint={`Tokens: ${ISSUE_TOKENS.join(' ')}`} />
    </div>
  );
}

function ContactsData({ form }: { form: BF }) {
  const ids = (getPath(form.values, 'data.contacts') as number[] | undefined) ?? [];
  const [chips, setChips] = useChips(ids);
  return (
    <div className="stack">
      <PathText form={form} path="data.contactsGroupTitle" label="Group title" />
      <ChipPicker label="Contacts" selected={chips} ordered search={(text) => searchContent(text, 'Contact')} placeholder="Search contacts…" error={form.error('data.contacts')}
        onChange={(c) => { setChips(c); form.update((s) => setPath(s, 'data.contacts', c.map((x) => x.id))); }} />
    </div>
  );
}

type RowSettings = CampaignRow['settings'];
const ROW_NUMBERS = ['titleStyles.fontSize', 'titleStyles.borderTopSize', 'titleStyles.borderBottomSize'];
const ROW_OPTIONAL = ['titleLink', 'backgroundColor', 'titleStyles.color', 'titleStyles.backgroundColor', 'titleStyles.borderColor'];

export function cleanRowSettings(draft: RowSettings): unknown {
  let out: unknown = draft;
  for (const p of ROW_NUMBERS) out = setPath(out, p, numberValue(getPath(out, p)));
  for (const p of ROW_OPTIONAL) if (getPath(out, p) === '') out = setPath(out, p, undefined);
  return out;
}

function validateRow(draft: RowSettings): FieldErrors {
  const r = newsletterRowSettingsSchema.safeParse(cleanRowSettings(draft));
  return r.success ? {} : issuesToErrors(r.error.issues);
}

export function RowDialog({ row, index, onApply, onClose }: { row: CampaignRow; index: number; onApply: (s: RowSettings) => void; onClose: () => void }) {
  const form = useForm<RowSettings>(structuredClone(row.settings), validateRow);
  const apply = () => {
    if (form.check()) onApply(newsletterRowSettingsSchema.parse(cleanRowSettings(form.values)));
  };
  return (
    <Dialog title={`Row ${index + 1} settings`} onClose={onClose} width={640} footer={<><Button onClick={onClose}>Cancel</Button><Button variant="primary" onClick={apply}>Apply</Button></>}>
      <form className="stack" noValidate onSubmit={(e) => { e.preventDefault(); apply(); }} aria-label={`Row ${index + 1} settings`}>
        <div className="grid-2">
          <PathSelect form={form} path="layout" label="Columns" required options={NEWSLETTER_ROW_LAYOUTS.map((l) => ({ value: l, label: l === '1' ? 'One column' : 'Two columns (1_1)' }))} />
          <PathColour form={form} path="backgroundColor" label="Background" />
          <PathText form={form} path="title" label="Title" />
          <PathText form={form} path="titleLink" label="Title link" />
        </div>
        <PathCheck form={form} path="editableTitle" label="Editable title" hint="Editors may change the title per issue." />
        <fieldset className="field">
          <legend className="field-label">Title styles (empty: the template's)</legend>
          <div className="grid-3">
            <PathNumber form={form} path="titleStyles.fontSize" label="Font size" unit="px" hint="10 to 40" />
            <PathNumber form={form} path="titleStyles.borderTopSize" label="Top border" unit="px" hint="0 to 15" />
            <PathNumber form={form} path="titleStyles.borderBottomSize" label="Bottom border" unit="px" hint="0 to 15" />
            <PathColour form={form} path="titleStyles.color" label="Text colour" />
            <PathColour form={form} path="titleStyles.backgroundColor" label="Background" />
            <PathColour form={form} path="titleStyles.borderColor" label="Border colour" />
          </div>
        </fieldset>
        <button type="submit" hidden>Apply</button>
      </form>
    </Dialog>
  );
}
