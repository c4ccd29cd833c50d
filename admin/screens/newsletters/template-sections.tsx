// The sections of the template editor (admin §3.7), each a card: template, styles, grid titles,
// social links, header (fields by header style), footer (nav bar, image bar, subscription and
// information links, safe-sender text), deployment settings and default testers.
import type { ReactNode } from 'react';
import {
  ALIGNMENTS, HEADER_DATE_FORMATS, HEADER_STYLES, NEWSLETTER_FONTS, NEWSLETTER_FONT_KEYS, NEWSLETTER_SOCIAL_NETWORKS,
  NEWSLETTER_WIDTHS, SOCIAL_ICON_SETS,
} from '../../../engine/domain/newsletter';
import type { NewsletterItemRecord } from '../../data/types';
import type { FormApi } from '../../lib/use-form';
import { RadioGroup } from '../../components/fields';
import { Card } from '../../shell/page';
import { PathColour, PathLibraryImage, PathNumber, PathSelect, PathText, Repeater } from './nl-fields';
import { headerFields, setPath, type TemplateForm } from './template-form';

export const TEMPLATE_SECTIONS = [
  { id: 'tpl-general', label: 'Template' },
  { id: 'tpl-styles', label: 'Styles' },
  { id: 'tpl-grid-titles', label: 'Grid titles' },
  { id: 'tpl-social', label: 'Social links' },
  { id: 'tpl-header', label: 'Header' },
  { id: 'tpl-footer', label: 'Footer' },
  { id: 'tpl-links', label: 'Subscription links' },
  { id: 'tpl-deployment', label: 'Deployment' },
  { id: 'tpl-testers', label: 'Default testers' },
] as const;

const opts = (values: readonly string[], label: (v: string) => string = (v) => v) => values.map((v) => ({ value: v, label: label(v) }));
const cap = (v: string) => v.charAt(0).toUpperCase() + v.slice(1).replace(/[-_]/g, ' ');
const FONT_OPTIONS = NEWSLETTER_FONT_KEYS.map((k) => ({ value: k, label: NEWSLETTER_FONTS[k].label }));
const ICON_SET_OPTIONS = opts(SOCIAL_ICON_SETS, cap);
const SOCIAL_LABELS: Record<string, string> = { facebook: 'Facebook', twitter: 'X (Twitter)', instagram: 'Instagram', pinterest: 'Pinterest', linkedin: 'LinkedIn', youtube: 'YouTube' };

type F = FormApi<TemplateForm>;

function Section({ id, title, description, children }: { id: string; title: string; description?: string; children: ReactNode }) {
  return <div id={id} className="nl-anchor"><Card title={title} description={description}>{children}</Card></div>;
}

export function TemplateSections({ form, items, full }: { form: F; items: NewsletterItemRecord[]; full: boolean }) {
  const v = form.values;
  const hf = headerFields(v.header.headerStyle);
  return (
    <>
      <Section id="tpl-general" title="Template">
        <div className="grid-2">
          <PathText form={form} path="name" label="Name" required className="span-2" />
          <PathText form={form} path="description" label="Description" area className="span-2" />
          <PathText form={form} path="preheaderBlurb" label="Preheader blurb" hint="Inbox preview text when a campaign has none." className="span-2" />
          <PathSelect form={form} path="status" label="Status" required numeric options={[{ value: '1', label: 'Active — offered in selections' }, { value: '0', label: 'Inactive' }]} />
          <PathSelect form={form} path="newsletterId" label="Newsletter" numeric disabled={!full} placeholder="None" hint="Deploys go to its subscribers."
            options={items.map((i) => ({ value: String(i.id), label: i.title }))} />
          <PathText form={form} path="legacyNewsletterProductId" label="Legacy newsletter product id" />
        </div>
      </Section>
      <Section id="tpl-styles" title="Styles">
        <div className="grid-2">
          <PathSelect form={form} path="styles.width" label="Width" required numeric options={NEWSLETTER_WIDTHS.map((w) => ({ value: String(w), label: `${w}px` }))} />
          <div />
          <PathColour form={form} path="styles.bodyBackgroundColor" label="Body background" />
          <PathColour form={form} path="styles.contentBackgroundColor" label="Content background" />
          <PathColour form={form} path="styles.linkColor" label="Link colour" />
          <div />
          <PathSelect form={form} path="styles.primaryFontFamily" label="Primary font" required options={FONT_OPTIONS} />
          <PathSelect form={form} path="styles.secondaryFontFamily" label="Secondary font" required options={FONT_OPTIONS} />
        </div>
      </Section>
      <Section id="tpl-grid-titles" title="Grid titles" description="How row titles look; a row may override them.">
        <div className="grid-3">
          <PathNumber form={form} path="gridTitleStyles.fontSize" label="Font size" unit="px" hint="10 to 40" />
          <PathNumber form={form} path="gridTitleStyles.borderTopSize" label="Top border" unit="px" hint="0 to 15" />
          <PathNumber form={form} path="gridTitleStyles.borderBottomSize" label="Bottom border" unit="px" hint="0 to 15" />
          <PathColour form={form} path="gridTitleStyles.color" label="Text colour" />
          <PathColour form={form} path="gridTitleStyles.backgroundColor" label="Background" />
          <PathColour form={form} path="gridTitleStyles.borderColor" label="Border colour" />
        </div>
      </Section>
      <Section id="tpl-social" title="Social links" description="Shown as icons in the header (style 2) and footer.">
        <div className="grid-2">
          {NEWSLETTER_SOCIAL_NETWORKS.map((n) => <PathText key={n} form={form} path={`socialLinks.${n}`} label={SOCIAL_LABELS[n] ?? n} placeholder="https://" />)}
        </div>
      </Section>
      <Section id="tpl-header" title="Header">
        <div className="stack">
          <RadioGroup legend="Header style" name="headerStyle" value={String(v.header.headerStyle)}
            options={Object.entries(HEADER_STYLES).map(([k, l]) => ({ value: k, label: `${k} · ${l}` }))}
            onChange={(x) => form.update((s) => setPath(s, 'header.headerStyle', Number(x)))} />
          <div className="grid-2">
            <PathLibraryImage form={form} path="header.imageAssetId" label={hf.imageLabel} hint="An image of the media library; wins over the address." />
            <PathText form={form} path="header.image" label={`${hf.imageLabel} address`} placeholder="/images/… or https://" hint="When no library image is chosen; the site logo when both are empty." />
            <PathText form={form} path="header.link" label="Header link" />
            <PathText form={form} path="header.tagLine" label="Tag line" className="span-2" />
            {hf.date ? <PathSelect form={form} path="header.dateFormat" label="Date format" required options={Object.entries(HEADER_DATE_FORMATS).map(([k, ex]) => ({ value: k, label: ex }))} /> : null}
            <PathSelect form={form} path="header.alignment" label="Alignment" required options={opts(ALIGNMENTS, cap)} />
            {hf.social ? <PathSelect form={form} path="header.socialIconSet" label="Social icon set" required options={ICON_SET_OPTIONS} /> : null}
          </div>
          <div className="grid-3">
            <PathColour form={form} path="header.backgroundColor" label="Background" />
            <PathColour form={form} path="header.textColor" label="Text colour" />
            <PathColour form={form} path="header.borderColor" label="Border colour" />
            <PathNumber form={form} path="header.borderTopSize" label="Top border" unit="px" hint="0 to 15" />
            <PathNumber form={form} path="header.borderBottomSize" label="Bottom border" unit="px" hint="0 to 15" />
          </div>
        </div>
      </Section>
      <FooterSection form={form} />
      <Section id="tpl-links" title="Subscription and information links">
        <div className="grid-2">
          <PathText form={form} path="footer.subscriptions.unsubscribeLink" label="Unsubscribe link" required />
          <PathText form={form} path="footer.subscriptions.subscribeLink" label="Subscribe link" />
          <PathText form={form} path="footer.subscriptions.manageSubscriptionsLink" label="Manage subscriptions link" />
          <div />
          <PathText form={form} path="footer.informationLinks.customerServiceLink" label="Customer service link" required />
          <PathText form={form} path="footer.informationLinks.privacyPolicyLink" label="Privacy policy link" required />
          <PathText form={form} path="footer.safeSenderInfo" label="Safe sender text" required area className="span-2" />
        </div>
      </Section>
      <Section id="tpl-deployment" title="Deployment settings">
        <div className="grid-2">
          <PathText form={form} path="deploymentSettings.defaultSubject" label="Default subject" disabled={!full} className="span-2" />
          <PathText form={form} path="deploymentSettings.defaultFrom" label="Default from" disabled={!full} placeholder="Name <address@example.com>" />
          <PathText form={form} path="deploymentSettings.deploymentTypeId" label="Deployment type id" disabled={!full} />
          <PathText form={form} path="deploymentSettings.outputCriteria" label="Output criteria" disabled={!full} />
          <PathText form={form} path="deploymentSettings.billingCategoryCode" label="Billing category code" disabled={!full} />
          <div className="span-2">
            <Repeater form={form} path="deploymentSettings.queryName" legend="Query names" item="query name" max={20} disabled={!full} blank={() => ''}
              render={(base, i) => <PathText form={form} path={base} label={`Query name ${i + 1}`} disabled={!full} />} />
          </div>
        </div>
      </Section>
      <Section id="tpl-testers" title="Default testers" description="'Send test' mails each of them.">
        <Repeater form={form} path="defaultTesters" legend="Testers" item="tester" max={50} disabled={!full} empty="No testers: 'Send test' needs at least one."
          blank={() => ({ firstName: '', lastName: '', emailAddress: '' })}
          render={(base) => (
            <div className="grid-3">
              <PathText form={form} path={`${base}.firstName`} label="First name" required disabled={!full} />
              <PathText form={form} path={`${base}.lastName`} label="Last name" required disabled={!full} />
              <PathText form={form} path={`${base}.emailAddress`} label="Email address" required disabled={!full} />
            </div>
          )} />
      </Section>
    </>
  );
}

function FooterSection({ form }: { form: F }) {
  const f = form.values.footer;
  return (
    <Section id="tpl-footer" title="Footer">
      <div className="stack">
        <div className="grid-3">
          <PathColour form={form} path="footer.backgroundColor" label="Background" />
          <PathColour form={form} path="footer.textColor" label="Text colour" />
          <PathColour form={form} path="footer.linkColor" label="Link colour" />
          <PathSelect form={form} path="footer.textAlignment" label="Text alignment" required options={opts(['left', 'center'], cap)} />
          <PathSelect form={form} path="footer.socialIconSet" label="Social icon set" required options={ICON_SET_OPTIONS} />
        </div>
        <h3 className="nl-subhead">Nav bar</h3>
        <Repeater form={form} path="footer.navBar.links" legend="Nav bar links" item="link" max={12} blank={() => ({ label: '', url: '' })}
          render={(base) => (
            <div className="grid-2">
              <PathText form={form} path={`${base}.label`} label="Label" required />
              <PathText form={form} path={`${base}.url`} label="URL" required />
            </div>
          )} />
        {f.navBar.links.length > 0 ? (
          <div className="grid-2">
            <PathColour form={form} path="footer.navBar.backgroundColor" label="Nav bar background" />
            <PathColour form={form} path="footer.navBar.textColor" label="Nav bar text colour" />
          </div>
        ) : null}
        <h3 className="nl-subhead">Image bar</h3>
        <Repeater form={form} path="footer.imageBar.images" legend="Image bar images" item="image" max={12} blank={() => ({ image: '', link: '', alt: '' })}
          render={(base) => (
            <div className="grid-3">
              <PathText form={form} path={`${base}.image`} label="Image" required placeholder="/images/…" />
              <PathText form={form} path={`${base}.link`} label="Link" required />
              <PathText form={form} path={`${base}.alt`} label="Alt text" />
            </div>
          )} />
        {f.imageBar.images.length > 0 ? (
          <div className="grid-2">
            <PathText form={form} path="footer.imageBar.prefixText" label="Prefix text" />
            <PathNumber form={form} path="footer.imageBar.imageWidth" label="Image width" unit="px" hint="Default 120" />
          </div>
        ) : null}
      </div>
    </Section>
  );
}
