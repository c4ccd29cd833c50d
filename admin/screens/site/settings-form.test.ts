// The site settings of issue 17: the comment provider (name and https script) and the YouTube Data
// API key are optional groups — emptying the last field removes the group, a half-filled group or a
// bad value is an error named by its field.
import { describe, expect, it } from 'vitest';
import { siteSettingsSchema, type SiteSettings } from '../../../engine/domain/settings';
import { setInPruned, validateSettings } from './settings-form';

const BASE: SiteSettings = siteSettingsSchema.parse({
  general: { siteName: 'FreightWise' }, header: { logo: '/images/logo.svg' }, footer: {}, tenantInfo: { name: 'FreightWise', domain: 'freightwise.example.com' },
  colors: { primary: { main: '#0b3d91', container: '#dce6f7', onContainer: '#0a1f44' }, secondary: { main: '#c2410c', container: '#fde8dc', onContainer: '#3b1405' } },
});
const P = 'memberships.commentingProvider';

describe('comment provider and YouTube key settings', () => {
  it('names the missing or non-https field of a half-filled provider, and accepts a whole one', () => {
    let s = setInPruned(BASE, `${P}.name`, 'Viafoura', P);
    expect(validateSettings(s)[`${P}.scriptUrl`]).toBeTruthy();
    s = setInPruned(s, `${P}.scriptUrl`, 'http://cdn.example/vf.js', P);
    expect(validateSettings(s)[`${P}.scriptUrl`]).toBe('Must be an absolute https URL');
    s = setInPruned(s, `${P}.scriptUrl`, 'https://cdn.example/vf.js', P);
    expect(validateSettings(s)).toEqual({});
    expect(siteSettingsSchema.parse(s).memberships.commentingProvider).toEqual({ name: 'Viafoura', scriptUrl: 'https://cdn.example/vf.js' });
  });
  it('removes a group once its last field is emptied, so an empty provider or key is no error', () => {
    let s = setInPruned(BASE, `${P}.name`, 'Viafoura', P);
    s = setInPruned(s, `${P}.name`, '', P);
    expect(s.memberships.commentingProvider).toBeUndefined();
    s = setInPruned(s, 'youtube.apiKey', 'short', 'youtube');
    expect(validateSettings(s)['youtube.apiKey']).toBe('A YouTube API key has 20 to 100 letters, digits, _ or -');
    s = setInPruned(s, 'youtube.apiKey', '', 'youtube');
    expect(s.youtube).toBeUndefined();
    expect(validateSettings(s)).toEqual({});
  });
});
