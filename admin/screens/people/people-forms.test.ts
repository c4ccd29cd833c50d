// The people screens' form models (issue 16): the same rules and messages as the API.
import { describe, expect, it } from 'vitest';
import { parentChoices, personForm, personInput, termDepths, validateContacts, validatePerson, validateTerm } from './people-forms';
import type { TaxonomyTerm } from '../../data/types';

describe('person form', () => {
  it('requires the names and names the bad social link', () => {
    const f = { ...personForm(null), firstName: ' ', lastName: 'Okafor', socialLinks: [{ network: 'Twitter', url: 'javascript:alert(1)' }] };
    const e = validatePerson(f);
    expect(e.firstName).toBe('Field is required');
    expect(e['socialLinks.0.url']).toBe('Must be an absolute http(s) URL');
    expect(validatePerson({ ...f, imageId: 'abc' }).imageId).toBe('Must be a positive whole number');
  });

  it('accepts a complete person and turns blanks into cleared fields', () => {
    const f = { ...personForm(null), firstName: 'Mina', lastName: 'Okafor', imageId: '12', socialLinks: [{ network: 'Email', url: 'mailto:m@x.example' }] };
    expect(validatePerson(f)).toEqual({});
    expect(personInput(f)).toEqual({ firstName: 'Mina', lastName: 'Okafor', title: null, bio: null, imageId: 12, status: 1, socialLinks: [{ network: 'Email', url: 'mailto:m@x.example' }] });
  });
});

describe('taxonomy form', () => {
  const terms: TaxonomyTerm[] = [
    { id: 1, type: 'Location', name: 'Ports', fullName: 'Ports', parentId: null },
    { id: 2, type: 'Location', name: 'Asia', fullName: 'Ports > Asia', parentId: 1 },
    { id: 3, type: 'Location', name: 'Singapore', fullName: 'Ports > Asia > Singapore', parentId: 2 },
    { id: 4, type: 'Tag', name: 'Rates', fullName: 'Rates', parentId: null },
  ];
  it('indents by depth and offers only same-kind parents outside the term\'s own branch', () => {
    expect([...termDepths(terms)]).toEqual([[1, 0], [2, 1], [3, 2], [4, 0]]);
    expect(parentChoices(terms, { id: 2, type: 'Location' }).map((t) => t.id)).toEqual([1]);
    expect(parentChoices(terms, { type: 'Tag' }).map((t) => t.id)).toEqual([4]);
  });
  it('requires a name', () => {
    expect(validateTerm({ type: 'Tag', name: '  ', parentId: '' }).name).toBe('Field is required');
    expect(validateTerm({ type: 'Tag', name: 'Rates', parentId: '4' })).toEqual({});
  });
});

describe('contacts form', () => {
  it('allows at most 100 people, each once', () => {
    expect(validateContacts('Contact Us', Array.from({ length: 101 }, (_, i) => i + 1)).personIds).toBe('At most 100 contacts');
    expect(validateContacts('Contact Us', [1, 1]).personIds).toBe('Each person may be listed once');
    expect(validateContacts('Contact Us', [1, 2])).toEqual({});
  });
});
