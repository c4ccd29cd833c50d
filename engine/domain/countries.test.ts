import { describe, expect, it } from 'vitest';
import { COUNTRIES, EU_COUNTRIES, consentKey, findCountry } from './countries';

describe('country list (public §3 "Country entry")', () => {
  it('holds every ISO 3166-1 country once, with two- and three-letter codes', () => {
    expect(COUNTRIES.length).toBe(249);
    expect(new Set(COUNTRIES.map((c) => c.alpha2)).size).toBe(249);
    expect(new Set(COUNTRIES.map((c) => c.alpha3)).size).toBe(249);
    for (const c of COUNTRIES) {
      expect(c.alpha2).toMatch(/^[A-Z]{2}$/);
      expect(c.alpha3).toMatch(/^[A-Z]{3}$/);
      expect(c.label.trim()).toBe(c.label);
    }
    expect(findCountry('de')?.alpha3).toBe('DEU');
    expect(findCountry('kor')?.friendlyLabel).toBe('South Korea');
    expect(findCountry('XX')).toBeUndefined();
  });

  it('requires compliance for Canada and Brazil and makes it optional for the EU and the UK only', () => {
    const flagged = Object.fromEntries(COUNTRIES.filter((c) => c.compliance).map((c) => [c.alpha3, c.compliance]));
    expect(flagged).toEqual({ CAN: 'required', BRA: 'required', GBR: 'optional', ...Object.fromEntries(EU_COUNTRIES.map((c) => [c, 'optional'])) });
    expect(Object.keys(flagged)).toHaveLength(30);
  });

  it('lists the US states (with DC) and the Canadian provinces and territories as regions', () => {
    expect(findCountry('USA')?.regions?.label).toBe('State');
    expect(findCountry('USA')?.regions?.options).toHaveLength(51);
    expect(findCountry('USA')?.regions?.options).toContainEqual({ label: 'Illinois', value: 'IL' });
    expect(findCountry('CAN')?.regions?.label).toBe('Province');
    expect(findCountry('CAN')?.regions?.options.map((o) => o.value)).toEqual(['AB', 'BC', 'MB', 'NB', 'NL', 'NT', 'NS', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT']);
    expect(COUNTRIES.filter((c) => c.regions).map((c) => c.alpha3).sort()).toEqual(['CAN', 'USA']);
  });

  it('keys consent CASL for Canada and GDPR for everyone else', () => {
    expect(consentKey('CAN')).toBe('CASL');
    expect(consentKey('ca')).toBe('CASL');
    expect(consentKey('USA')).toBe('GDPR');
    expect(consentKey('DEU')).toBe('GDPR');
  });
});
