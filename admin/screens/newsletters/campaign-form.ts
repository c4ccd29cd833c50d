// Campaign form (admin §3.8): the fields, the grid, validation with the shared campaign schema,
// the input sent to the API (also the live preview's input) and the deployment date in the
// browser's local time.
import { newsletterCampaignSchema, type NewsletterGrid } from '../../../engine/domain/newsletter';
import type { NewsletterCampaignRecord } from '../../data/types';
import { issuesToErrors, requiredSelect, type FieldErrors } from '../../lib/validation';

/** The statuses an editor may set; deploying sets Sending, Sent or Failed. */
export const EDITABLE_STATUSES = ['Draft', 'Scheduled'] as const;

export interface CampaignForm {
  templateId: number | null;
  name: string;
  subject: string;
  preheader: string;
  fromAddress: string;
  /** datetime-local text (local time) or ''. */
  deploymentDate: string;
  hiddenOnWeb: boolean;
  audienceStatus: string;
  grid: NewsletterGrid;
}

export function emptyCampaign(templateId: number | null): CampaignForm {
  return { templateId, name: '', subject: '', preheader: '', fromAddress: '', deploymentDate: '', hiddenOnWeb: false, audienceStatus: 'Draft', grid: { rows: [] } };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as datetime-local text in the browser's zone. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function fromCampaign(c: NewsletterCampaignRecord): CampaignForm {
  return {
    templateId: c.templateId, name: c.name, subject: c.subject, preheader: c.preheader, fromAddress: c.fromAddress ?? '',
    deploymentDate: toLocalInput(c.deploymentDate), hiddenOnWeb: c.hiddenOnWeb, audienceStatus: c.audienceStatus, grid: c.grid ?? { rows: [] },
  };
}

/** The API's NewsletterCampaignInput; the status is sent only when the editor may set it. */
export function toCampaignInput(f: CampaignForm): Record<string, unknown> {
  const date = f.deploymentDate ? new Date(f.deploymentDate) : null;
  return {
    ...(f.templateId !== null ? { templateId: f.templateId } : {}),
    name: f.name,
    subject: f.subject,
    preheader: f.preheader,
    ...(f.fromAddress.trim() ? { fromAddress: f.fromAddress.trim() } : {}),
    ...(date ? { deploymentDate: Number.isNaN(date.getTime()) ? f.deploymentDate : date.toISOString() } : {}),
    hiddenOnWeb: f.hiddenOnWeb,
    ...((EDITABLE_STATUSES as readonly string[]).includes(f.audienceStatus) ? { audienceStatus: f.audienceStatus } : {}),
    grid: f.grid,
  };
}

export function validateCampaign(f: CampaignForm): FieldErrors {
  const r = newsletterCampaignSchema.safeParse(toCampaignInput(f));
  const errors = r.success ? {} : issuesToErrors(r.error.issues);
  const t = requiredSelect(f.templateId);
  if (t) errors.templateId = t;
  return errors;
}

/** Grid errors as "Row 2, column 1, block 3: message" lines for the editor's summary. */
export function gridErrorLines(errors: FieldErrors): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(errors)) {
    const m = /^grid\.rows\.(\d+)(?:\.columns\.(\d+)(?:\.blocks\.(\d+))?)?/.exec(k);
    if (!m) continue;
    const where = [`Row ${Number(m[1]) + 1}`, m[2] !== undefined ? `column ${Number(m[2]) + 1}` : '', m[3] !== undefined ? `block ${Number(m[3]) + 1}` : ''].filter(Boolean).join(', ');
    const field = k.split('.').pop() ?? '';
    out.push(`${where}${/^\d+$/.test(field) ? '' : ` (${field})`}: ${v}`);
  }
  return out;
}

/**
 * The live preview's input, or the reason there is none yet: the form as sent on save, with a
 * placeholder name while the campaign has none, when everything else validates.
 */
export function previewInput(f: CampaignForm): { input: Record<string, unknown> } | { reason: string } {
  if (f.templateId === null) return { reason: 'Choose a template to see the preview.' };
  const input = toCampaignInput({ ...f, name: f.name.trim() || 'Preview' });
  const r = newsletterCampaignSchema.safeParse(input);
  if (!r.success) {
    const lines = gridErrorLines(issuesToErrors(r.error.issues));
    return { reason: lines.length ? `The preview updates when every block is complete. ${lines[0]}` : 'The preview updates when the highlighted fields are fixed.' };
  }
  return { input };
}
