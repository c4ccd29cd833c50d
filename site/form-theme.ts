// /css/dragonform.css (admin §2.1 "Generated files"; issue 22): a stylesheet for the tenant's forms
// hosted elsewhere (the audience provider's web forms, "Dragon Forms"), so they carry the brand:
// the theme's colours and fonts (themeCss, re-checked values) and plain rules on the elements
// such forms are made of. A fixed, unhashed path, since another system links it; rewritten by
// every full build and by the incremental build whenever the settings change.
import type { SiteSettings } from '../engine/domain/settings';
import { themeCss } from './theme';

export const DRAGONFORM_PATH = 'css/dragonform.css';

const FORM_RULES = [
  'body{margin:0;font-family:var(--font-primary);font-size:16px;line-height:1.5;color:#1f2430;background:#fff}',
  'h1,h2,h3,legend{font-family:var(--font-secondary);color:var(--color-primary);line-height:1.25}',
  'a{color:var(--color-primary)}a:hover{color:var(--color-secondary)}',
  'form{max-width:var(--site-max-width);margin:0 auto;padding:var(--block-gap)}',
  'fieldset{border:1px solid var(--color-line);border-radius:4px;margin:0 0 var(--block-gap);padding:12px 16px}',
  'label{display:block;font-weight:600;margin:12px 0 4px}',
  'input[type=text],input[type=email],input[type=tel],input[type=password],input[type=number],input[type=date],select,textarea'
    + '{box-sizing:border-box;width:100%;max-width:32rem;padding:.6rem;border:1px solid var(--color-line);border-radius:4px;font:inherit;color:inherit;background:#fff}',
  'input:focus,select:focus,textarea:focus{outline:2px solid var(--color-primary);outline-offset:1px}',
  'input[type=checkbox],input[type=radio]{accent-color:var(--color-primary);margin-right:6px}',
  'button,input[type=submit],input[type=button]{display:inline-block;padding:.5rem 1rem;border:2px solid var(--color-primary);border-radius:4px;'
    + 'background:var(--color-primary);color:#fff;font:inherit;font-weight:600;cursor:pointer}',
  'button:hover,input[type=submit]:hover,input[type=button]:hover{background:var(--color-secondary);border-color:var(--color-secondary)}',
  '.error,.field-error,[aria-invalid=true]+.error{color:#b42318;font-size:.9rem}',
  'input[aria-invalid=true],select[aria-invalid=true],textarea[aria-invalid=true]{border-color:#b42318}',
  '.required,abbr[title=required]{color:var(--color-secondary);text-decoration:none}',
  '.compliance,.help,small{color:#5b6270;font-size:.85rem}',
].join('\n');

/** The form stylesheet of a tenant: its theme variables, then the form rules that use them. */
export function dragonformCss(settings: SiteSettings): string {
  return `${themeCss(settings)}${FORM_RULES}\n`;
}
