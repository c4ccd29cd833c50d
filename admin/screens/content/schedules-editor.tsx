// Website schedules of a content item: section × schedule option, optionally time-boxed.
import type { FormApi } from '../../lib/use-form';
import type { SectionNode } from '../../data/types';
import { flattenTree } from '../../data/sections';
import { Button, IconButton } from '../../components/button';
import { SelectField, TextField } from '../../components/fields';
import { SCHEDULE_OPTION_LIST, type ContentForm, type ScheduleRow } from './content-form';

export function SchedulesEditor({ form, sections }: { form: FormApi<ContentForm>; sections: readonly SectionNode[] }) {
  const rows = form.values.schedules;
  const options = flattenTree(sections).map((s) => ({ value: String(s.id), label: s.fullName }));
  const setRow = (i: number, patch: Partial<ScheduleRow>) =>
    form.update((v) => ({ ...v, schedules: v.schedules.map((r, j) => (j === i ? { ...r, ...patch } : r)) }));
  const add = () => {
    const home = flattenTree(sections).find((s) => s.alias === 'home');
    const used = new Set(rows.map((r) => r.sectionId));
    const first = home && !used.has(String(home.id)) ? String(home.id) : form.values.primarySectionId && !used.has(form.values.primarySectionId) ? form.values.primarySectionId : '';
    form.update((v) => ({ ...v, schedules: [...v.schedules, { sectionId: first, option: 'Standard', startDate: '', endDate: '' }] }));
  };
  const remove = (i: number) => form.update((v) => ({ ...v, schedules: v.schedules.filter((_, j) => j !== i) }));

  return (
    <div className="schedules">
      {rows.length === 0 ? <p className="muted schedules-empty">Not scheduled anywhere yet. Schedule it on a section (for example Home) to list it there.</p> : (
        <ul className="schedule-list">
          {rows.map((r, i) => (
            <li key={i} className="schedule-row">
              <SelectField label="Section" required value={r.sectionId} options={options} onChange={(v) => setRow(i, { sectionId: v ?? '' })} error={form.error(`schedules.${i}.sectionId`)} field={`schedules.${i}.sectionId`} />
              <SelectField label="Option" required value={r.option} options={SCHEDULE_OPTION_LIST} onChange={(v) => v && setRow(i, { option: v as ScheduleRow['option'] })} />
              <TextField label="From" type="datetime-local" value={r.startDate} onChange={(v) => setRow(i, { startDate: v })} error={form.error(`schedules.${i}.startDate`)} />
              <TextField label="Until" type="datetime-local" value={r.endDate} onChange={(v) => setRow(i, { endDate: v })} error={form.error(`schedules.${i}.endDate`)} />
              <IconButton icon="trash" label={`Remove schedule ${i + 1}`} onClick={() => remove(i)} className="schedule-remove" />
            </li>
          ))}
        </ul>
      )}
      <Button size="sm" icon="plus" onClick={add}>Add schedule</Button>
    </div>
  );
}
