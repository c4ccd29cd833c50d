// The content editor's fields: the main column (common and type-specific) and the side column
// (publishing, section, people, taxonomy, images).
import { useEffect, useState } from 'react';
import { contentPath, slugify } from '../../../engine/domain/paths';
import * as api from '../../data/api';
import { flattenTree } from '../../data/sections';
import type { Asset, Person, SectionNode } from '../../data/types';
import type { FormApi } from '../../lib/use-form';
import { BodyEditor } from '../../components/body-editor';
import { ChipPicker, type Chip } from '../../components/chip-picker';
import { SelectField, TextAreaField, TextField } from '../../components/fields';
import { Card } from '../../shell/page';
import { STATUS_OPTIONS, TYPE_FIELDS, typeFields, type ContentForm, type EventForm } from './content-form';
import { ImagePicker } from './image-picker';
import { SchedulesEditor } from './schedules-editor';
import { typeLabel } from '../../lib/content-labels';

export function MainFields({ form, sections, id }: { form: FormApi<ContentForm>; sections: SectionNode[]; id: number | null }) {
  const v = form.values;
  const fields = typeFields(v.type);
  const setEvent = (patch: Partial<EventForm>) => form.update((p) => ({ ...p, event: { ...p.event, ...patch } }));
  const alias = flattenTree(sections).find((s) => String(s.id) === v.primarySectionId)?.alias ?? null;
  const path = contentPath({ id: id ?? 10_000_000, slug: v.slug || null, name: v.name || 'untitled', sectionAlias: alias }).replace('10000000', id ? String(id) : '{id}');
  return (
    <>
      <Card>
        <div className="stack">
          <TextField label="Title" required value={v.name} onChange={(x) => form.set('name', x)} onBlur={() => form.touch('name')} error={form.error('name')} field="name" className="field-title" maxLength={300} />
          <TextField label="Slug" value={v.slug} placeholder={slugify(v.name || 'untitled')} onChange={(x) => form.set('slug', x)} onBlur={() => form.touch('slug')} error={form.error('slug')} hint={<>Address: <code>{path}</code></>} />
          <TextAreaField label="Teaser" value={v.teaser} rows={3} onChange={(x) => form.set('teaser', x)} error={form.error('teaser')} hint="Shown in lists and as the page description." maxLength={2000} />
          <BodyEditor label="Body" value={v.body} onChange={(x) => form.set('body', x)} error={form.error('body')} />
        </div>
      </Card>
      {fields.length > 0 ? (
        <Card title={`${typeLabel(v.type)} details`}>
          <div className="grid-2">
            {fields.includes('eventDates') ? (
              <>
                <TextField label="Starts" type="datetime-local" value={v.event.startDate} onChange={(x) => setEvent({ startDate: x })} error={form.error('event.startDate')} />
                <TextField label="Ends" type="datetime-local" value={v.event.endDate} onChange={(x) => setEvent({ endDate: x })} error={form.error('event.endDate')} />
              </>
            ) : null}
            {fields.includes('webinarDate') ? (
              <TextField label="Webinar date" type="datetime-local" value={v.event.startDate} onChange={(x) => setEvent({ startDate: x })} error={form.error('event.startDate')} />
            ) : null}
            {fields.includes('venue') ? (
              <>
                <TextField label="Venue" value={v.event.venue} onChange={(x) => setEvent({ venue: x })} error={form.error('event.venue')} />
                <TextField label="Address" value={v.event.address1} onChange={(x) => setEvent({ address1: x })} />
                <TextField label="City" value={v.event.city} onChange={(x) => setEvent({ city: x })} />
                <TextField label="State or region" value={v.event.state} onChange={(x) => setEvent({ state: x })} />
                <TextField label="Postal code" value={v.event.postalCode} onChange={(x) => setEvent({ postalCode: x })} />
                <TextField label="Country" value={v.event.country} onChange={(x) => setEvent({ country: x })} />
              </>
            ) : null}
            {fields.includes('linkUrl') ? (
              <TextField label={TYPE_FIELDS[v.type]?.linkLabel ?? 'Link'} type="url" required={v.type === 'Promotion'} value={v.linkUrl} placeholder="https://" onChange={(x) => form.set('linkUrl', x)} onBlur={() => form.touch('linkUrl')} error={form.error('linkUrl')} field="linkUrl" className="span-2" />
            ) : null}
            {fields.includes('embedCode') ? (
              <TextAreaField label="Embed code" value={v.embedCode} rows={4} onChange={(x) => form.set('embedCode', x)} error={form.error('embedCode')} className="span-2 mono" hint="The player's embed snippet." />
            ) : null}
          </div>
        </Card>
      ) : null}
      <Card title="Website schedules" description="Where this item is listed besides its primary section.">
        <SchedulesEditor form={form} sections={sections} />
      </Card>
      <Card title="Digital edition" description="A zmag publication: the page embeds its viewer, for holders of a free membership.">
        <TextField label="Digital edition (zmag) ID" value={v.zmagId} onChange={(x) => form.set('zmagId', x)} error={form.error('zmagId')} hint="Letters, digits, - and _; leave empty for none." maxLength={64} field="zmagId" />
      </Card>
      <Card title="Search engines">
        <TextField label="SEO title" value={v.seoTitle} onChange={(x) => form.set('seoTitle', x)} error={form.error('seoTitle')} hint="Defaults to the title." maxLength={300} />
      </Card>
    </>
  );
}

export function SideFields({ form, sections, assetUrl, known }: { form: FormApi<ContentForm>; sections: SectionNode[]; assetUrl: (a: Asset) => string; known: readonly Asset[] }) {
  const v = form.values;
  const [people, setPeople] = useState<Person[]>([]);
  const [terms, setTerms] = useState<Chip[]>([]);
  const [contracts, setContracts] = useState<{ id: number; label: string }[] | null>(null);
  useEffect(() => {
    api.getPersonStream().then(setPeople, () => setPeople([]));
    // getContractStreamForSelect (at most 1000, admin §9): the contracts an item can name.
    api.getContractStreamForSelect().then(setContracts, () => setContracts(null));
  }, []);
  useEffect(() => {
    if (v.taxonomyIds.length === 0 || terms.length > 0) return;
    api.getTaxonomyStream(v.taxonomyIds).then((t) => setTerms(t.map((x) => ({ id: x.id, label: x.name, detail: x.type }))), () => undefined);
    // Only the initial labels are fetched; later changes come from the picker.
  }, [v.taxonomyIds, terms.length]);

  const sectionOptions = flattenTree(sections).map((s) => ({ value: String(s.id), label: s.fullName }));
  const authorChips = v.authorIds.map((id) => ({ id, label: people.find((p) => p.id === id)?.fullName ?? `Person ${id}` }));
  const termChips = v.taxonomyIds.map((id) => terms.find((t) => t.id === id) ?? { id, label: `Term ${id}` });

  return (
    <>
      <Card title="Publishing">
        <div className="stack">
          <SelectField label="Status" required value={v.status} options={STATUS_OPTIONS} onChange={(x) => x && form.set('status', x)} field="status" />
          <TextField label="Published" type="datetime-local" value={v.published} onChange={(x) => form.set('published', x)} error={form.error('published')} hint="Set automatically on first publish when empty." />
          <TextField label="Start date" type="datetime-local" value={v.startDate} onChange={(x) => form.set('startDate', x)} error={form.error('startDate')} hint="When the item becomes visible; empty means at once." />
          <TextField label="End date" type="datetime-local" value={v.endDate} onChange={(x) => form.set('endDate', x)} onBlur={() => form.touch('endDate')} error={form.error('endDate')} hint="When it leaves the site; empty means never." />
        </div>
      </Card>
      <Card title="Placement">
        <SelectField label="Primary section" required value={v.primarySectionId} options={sectionOptions} placeholder="Choose a section…" onChange={(x) => form.set('primarySectionId', x ?? '')} onBlur={() => form.touch('primarySectionId')} error={form.error('primarySectionId')} field="primarySectionId" />
      </Card>
      <Card title="People and topics">
        <div className="stack">
          <ChipPicker label="Authors" ordered selected={authorChips} onChange={(c) => form.set('authorIds', c.map((x) => x.id))}
            search={async (text) => people.filter((p) => p.fullName.toLowerCase().includes(text.toLowerCase())).map((p) => ({ id: p.id, label: p.fullName, detail: p.title ?? undefined }))} placeholder="Add an author" />
          <ChipPicker label="Taxonomy" selected={termChips} onChange={(c) => {
            setTerms((t) => [...t, ...c.filter((x) => !t.some((y) => y.id === x.id))]);
            form.set('taxonomyIds', c.map((x) => x.id));
          }} search={async (text) => (await api.matchTaxonomyStream(text, v.taxonomyIds)).map((t) => ({ id: t.id, label: t.name, detail: t.type }))} placeholder="Add a topic, company or place" />
        </div>
      </Card>
      {contracts && (contracts.length > 0 || v.contractId) ? (
        <Card title="Contract">
          <SelectField label="Written under contract" value={v.contractId} placeholder="No contract" field="contractId" error={form.error('contractId')}
            options={[...contracts.map((c) => ({ value: String(c.id), label: c.label })), ...(v.contractId && !contracts.some((c) => String(c.id) === v.contractId) ? [{ value: v.contractId, label: `Contract ${v.contractId}` }] : [])]}
            onChange={(x) => form.set('contractId', x ?? '')} />
        </Card>
      ) : null}
      <Card title="Images">
        <ImagePicker known={known} ids={v.imageIds} primaryId={v.primaryImageId} assetUrl={assetUrl} onChange={(ids, primary) => form.update((p) => ({ ...p, imageIds: ids, primaryImageId: primary }))} />
      </Card>
    </>
  );
}
