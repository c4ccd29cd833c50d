// /admin/edit-site-settings: the site's settings, validated with the shared schema. The tag-manager
// id shows the suggested correction with a button to use it; consent and ads have their own cards
// (consent-settings.tsx, ads-settings.tsx).
import { FONTS, NL_BUTTON_MODES } from '../../../engine/domain/enums';
import { hasAnyPermission } from '../../../engine/domain/permissions';
import type { SiteSettings } from '../../../engine/domain/settings';
import * as api from '../../data/api';
import { useSession } from '../../app/session';
import { useTenant } from '../../app/tenant';
import { usePublish } from '../../app/publish';
import { errorText, useToast } from '../../app/toasts';
import { useAsync } from '../../lib/use-async';
import { useForm, type FormApi } from '../../lib/use-form';
import { Button } from '../../components/button';
import { CheckboxField, CheckboxGroup, SelectField, TextAreaField, TextField } from '../../components/fields';
import { ErrorPanel, Loading } from '../../components/bits';
import { Card, Page } from '../../shell/page';
import { checkTagManagerId, getIn, setIn, setInPruned, validateSettings } from './settings-form';
import { useEditorSave } from '../../lib/use-editor-save';
import { ConsentCard } from './consent-settings';
import { AdsCard } from './ads-settings';
import { RmiCard } from './rmi-settings';
import { SourceesbCard } from './sourceesb-settings';
import { AudienceCard } from './audience-settings';
import { AssistantCard } from './assistant-settings';
import { CONTENT_TYPE_OPTIONS } from '../../lib/content-labels';

const FONT_OPTIONS = Object.entries(FONTS).map(([value, label]) => ({ value, label }));

export default function SiteSettingsScreen() {
  const { tenantKey } = useTenant();
  const loaded = useAsync(async () => ({ settings: await api.getSiteSettingsNew(), tenantKey: tenantKey as string }), []);
  if (loaded.loading) return <Loading />;
  if (loaded.error || !loaded.data) return <Page title="Site settings"><ErrorPanel message={loaded.error ?? ''} onRetry={loaded.reload} /></Page>;
  return <SettingsEditor initial={loaded.data.settings} tenantKey={loaded.data.tenantKey} />;
}

/** The settings form; `editable` (from the API, /admin/site-settings-new) overrides the session's permission check. */
export function SettingsEditor({ initial, tenantKey, editable }: { initial: SiteSettings; tenantKey: string; editable?: boolean }) {
  const { permissions } = useSession();
  const canEdit = editable ?? hasAnyPermission(permissions, ['manage_site_settings']);
  const form = useForm<SiteSettings>(initial, validateSettings);
  const toast = useToast();
  const publish = usePublish();

  const { busy, save } = useEditorSave(form, {
    enabled: canEdit,
    onInvalid: () => toast.error('Please fix the highlighted fields.'),
    action: async () => {
      await publish.track('Site settings', tenantKey, () => api.updateSiteSettings(form.values, tenantKey));
      form.reset(form.values);
      toast.success('Settings saved.');
    },
    onError: (e) => toast.error(errorText(e)),
  });
  const tm = checkTagManagerId(form.values.general.tagManagerId);
  return (
    <Page title="Site settings" eyebrow={form.values.general.siteName} width="wide"
      actions={canEdit ? <Button variant="primary" busy={busy} disabled={!form.dirty} onClick={() => void save()}>Save settings</Button> : null}>
      <form onSubmit={(e) => { e.preventDefault(); void save(); }} noValidate aria-label="Site settings">
        <fieldset className="plain stack-lg" disabled={!canEdit}>
          <Card title="General">
            <div className="stack">
            <div className="grid-2">
              <Text form={form} path="general.siteName" label="Site name" required />
              <Text form={form} path="general.language" label="Language" hint="Like en or en-US." />
              <Select form={form} path="general.primaryFontFamily" label="Primary font" required options={FONT_OPTIONS} />
              <Select form={form} path="general.secondaryFontFamily" label="Secondary font" options={FONT_OPTIONS} />
              <div className="span-2">
                <Text form={form} path="general.tagManagerId" label="Tag manager id" placeholder="GTM-XXXXXXX" hint="A Google Tag Manager (GTM-…) or Google Analytics (G-…) id." />
                {tm?.suggestion && form.error('general.tagManagerId') ? (
                  <div className="suggestion" role="status">
                    <span>Did you mean <code>{tm.suggestion}</code>?</span>
                    <Button size="sm" onClick={() => form.update((s) => setIn(s, 'general.tagManagerId', tm.suggestion))}>Use {tm.suggestion}</Button>
                  </div>
                ) : null}
              </div>
            </div>
            <CheckboxGroup legend="Hide from search engines (noindex) by content type" columns={4} options={CONTENT_TYPE_OPTIONS}
              value={form.values.general.enableNoIndexByContentType ?? []} onChange={(v) => form.update((s) => setIn(s, 'general.enableNoIndexByContentType', v))} />
            </div>
          </Card>
          <Card title="Header and footer">
            <div className="grid-2">
              <Text form={form} path="header.logo" label="Logo path" required placeholder="/images/logo.svg" />
              <Num form={form} path="header.logoHeight" label="Logo height (px)" />
              <Text form={form} path="headerCtaText" label="Header call to action" />
              <Select form={form} path="footer.nlButton.mode" label="Newsletter button" required options={NL_BUTTON_MODES.map((m) => ({ value: m, label: m[0]?.toUpperCase() + m.slice(1) }))} />
              <TextAreaField className="span-2" label="Footer text" value={String(getIn(form.values, 'footer.text') ?? '')} onChange={(v) => form.update((s) => setIn(s, 'footer.text', v === '' ? '' : v))} />
            </div>
          </Card>
          <Card title="Colours">
            <div className="grid-3">
              {(['primary', 'secondary'] as const).flatMap((set) => (['main', 'container', 'onContainer'] as const).map((k) => (
                <Colour key={`${set}.${k}`} form={form} path={`colors.${set}.${k}`} label={`${set[0]?.toUpperCase()}${set.slice(1)} ${k === 'onContainer' ? 'text on container' : k}`} />
              )))}
              <Colour form={form} path="colors.line" label="Lines" />
            </div>
          </Card>
          <Card title="Social links">
            <div className="grid-2">
              {(['facebook', 'instagram', 'linkedin', 'pinterest', 'twitter', 'youtube'] as const).map((n) => (
                <Text key={n} form={form} path={`socialLinks.${n}`} label={n === 'linkedin' ? 'LinkedIn' : n === 'youtube' ? 'YouTube' : `${n[0]?.toUpperCase()}${n.slice(1)}`} placeholder="https://" type="url" />
              ))}
            </div>
          </Card>
          <Card title="Integrations">
            <Text form={form} path="youtube.apiKey" label="YouTube Data API key" prune="youtube"
              hint="Video playlist blocks read their playlist with it when the site is built; without it they show their stored videos only. Never written into a page." />
          </Card>
          <ConsentCard form={form} />
          <AdsCard form={form} />
          <RmiCard form={form} />
          <SourceesbCard form={form} />
          <AudienceCard form={form} />
          <AssistantCard form={form} />
          <Card title="Memberships and metering">
            <div className="stack">
              <Check form={form} path="memberships.enabled" label="Memberships" />
              <Check form={form} path="memberships.disableIpGating" label="No IP gating on this site (its screens leave the menu)" />
              <Check form={form} path="memberships.commenting" label="Commenting for members" />
              <div className="grid-2">
                <Text form={form} path="memberships.commentingProvider.name" label="Comment provider" placeholder="Viafoura" prune="memberships.commentingProvider" hint="Named to readers before they allow it." />
                <Text form={form} path="memberships.commentingProvider.scriptUrl" label="Comment provider script" type="url" placeholder="https://" prune="memberships.commentingProvider"
                  hint="Loaded by the comments block after the reader allows functional cookies." />
              </div>
              <Check form={form} path="memberships.contentMetering.enabled" label="Meter content for anonymous readers" />
              <div className="grid-2">
                <Num form={form} path="memberships.contentMetering.numberOfFreeViews" label="Free views" hint="0 to 1,000." />
                <Num form={form} path="memberships.contentMetering.meteringPeriod" label="Metering period (days)" hint="1 to 365." />
              </div>
            </div>
          </Card>
        </fieldset>
      </form>
    </Page>
  );
}

type P = { form: FormApi<SiteSettings>; path: string; label: string; hint?: string; required?: boolean };

/** `prune`: an optional group removed once its last field is emptied (a half-filled group is an error, an empty one is not). */
function Text({ form, path, label, hint, required, placeholder, type, prune }: P & { placeholder?: string; type?: string; prune?: string }) {
  return <TextField label={label} hint={hint} required={required} placeholder={placeholder} type={type} value={String(getIn(form.values, path) ?? '')}
    onChange={(v) => form.update((s) => setInPruned(s, path, v, prune))} onBlur={() => form.touch(path)} error={form.error(path)} field={path} />;
}

function Num({ form, path, label, hint }: P) {
  const v = getIn(form.values, path);
  return <TextField label={label} hint={hint} type="number" inputMode="numeric" value={v === undefined ? '' : String(v)}
    onChange={(x) => form.update((s) => setIn(s, path, x === '' ? undefined : Number(x)))} onBlur={() => form.touch(path)} error={form.error(path)} field={path} />;
}

function Select({ form, path, label, required, options }: P & { options: { value: string; label: string }[] }) {
  return <SelectField label={label} required={required} options={options} value={(getIn(form.values, path) as string | undefined) ?? ''}
    onChange={(v) => form.update((s) => setIn(s, path, v ?? undefined))} error={form.error(path)} field={path} />;
}

function Check({ form, path, label }: P) {
  return <CheckboxField label={label} checked={Boolean(getIn(form.values, path))} onChange={(v) => form.update((s) => setIn(s, path, v))} />;
}

function Colour({ form, path, label }: P) {
  const v = String(getIn(form.values, path) ?? '');
  return (
    <div className="colour-field">
      <input type="color" aria-label={`${label} picker`} value={/^#[0-9a-f]{6}$/i.test(v) ? v : '#000000'} onChange={(e) => form.update((s) => setIn(s, path, e.target.value))} />
      <TextField label={label} value={v} onChange={(x) => form.update((s) => setIn(s, path, x))} onBlur={() => form.touch(path)} error={form.error(path)} field={path} className="grow mono" />
    </div>
  );
}
