// The HTML of the public company update page (/company-update/:hash): the company's current
// profile as an editable form, the field errors of a refused submission, and the states after it.
// Every value is escaped; nothing from the request is trusted as markup.
import { COMPANY_FIELD_LABELS, type CompanyProfile, type CompanyProfileField } from '../../domain/company-updates';
import { escapeHtml as esc } from '../../domain/html-escape';
import { standalonePage } from '../page-shell';

/** The update form's own rules on top of the shared page style. */
const STYLE = '.hint{font-weight:400;color:#5b6475;font-size:.9rem}'
  + 'input,textarea{font:inherit;padding:.5rem .6rem;width:100%;box-sizing:border-box;border:1px solid #8a93a6;border-radius:6px}textarea{min-height:5rem}'
  + 'button{margin-top:1.25rem}.error{margin:.25rem 0 0}.done{background:#ecfdf3;border:1px solid #abefc6;border-radius:8px;padding:.75rem 1rem}';
export const page = (title: string, body: string): string => standalonePage(title, body, STYLE);

type FormValues = Record<CompanyProfileField, string>;

export function formValues(p: CompanyProfile): FormValues {
  return {
    description: p.description, website: p.website, address: p.address, phone: p.phone, email: p.email,
    socialLinks: p.socialLinks.join('\n'), products: p.products.join('\n'),
  };
}

const HINTS: Partial<Record<CompanyProfileField, string>> = {
  description: 'A short description shown at the top of your company page (at most 2000 characters).',
  website: 'https://…',
  socialLinks: 'One web address per line.',
  products: 'One product per line.',
};
const MULTILINE = new Set<CompanyProfileField>(['description', 'address', 'socialLinks', 'products']);
const TYPES: Partial<Record<CompanyProfileField, string>> = { website: 'url', email: 'email', phone: 'tel' };

function field(f: CompanyProfileField, value: string, error: string | undefined): string {
  const id = `f-${f}`;
  const describedBy = [HINTS[f] ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const attrs = `id="${id}" name="${f}"${describedBy ? ` aria-describedby="${describedBy}"` : ''}${error ? ' aria-invalid="true"' : ''}`;
  const input = MULTILINE.has(f)
    ? `<textarea ${attrs} rows="${f === 'description' ? 5 : 4}">${esc(value)}</textarea>`
    : `<input type="${TYPES[f] ?? 'text'}" ${attrs} value="${esc(value)}"/>`;
  return `<label for="${id}">${esc(COMPANY_FIELD_LABELS[f])}${HINTS[f] ? ` <span class="hint" id="${id}-hint">${esc(HINTS[f])}</span>` : ''}</label>${input}`
    + (error ? `<p class="error" id="${id}-error" role="alert">${esc(error)}</p>` : '');
}

/** The editable profile; `errors` maps a field to its message after a refused submission. */
export function formPage(companyName: string, site: string, action: string, values: FormValues, errors: Partial<Record<string, string>> = {}): string {
  const order: CompanyProfileField[] = ['description', 'website', 'address', 'phone', 'email', 'socialLinks', 'products'];
  return page(`Update ${companyName}`, `<h1>Update the ${esc(companyName)} profile</h1>`
    + `<p>This is the profile ${esc(site)} shows for ${esc(companyName)}. Change what is out of date and send it: our editors review every change before it is published.</p>`
    + `<form method="post" action="${esc(action)}" novalidate>${order.map((f) => field(f, values[f], errors[f])).join('')}`
    + '<button type="submit">Send update for review</button></form>');
}

export function submittedPage(companyName: string): string {
  return page('Update received', `<h1>Thank you</h1><p class="done" role="status">Your update of the ${esc(companyName)} profile was received. Our editors will review it; you will hear from us by e-mail.</p>`);
}
