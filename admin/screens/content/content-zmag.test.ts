// The content editor's digital edition (zmag) field (issue 21): checked with the API's rule and
// message, sent as zmagId (null when empty), and read back from a stored item.
import { describe, expect, it } from 'vitest';
import { emptyForm, fromDetail, toWrite, validateContent } from './content-form';

const valid = () => ({ ...emptyForm('Article'), name: 'June issue', primarySectionId: '101' });

describe('content editor zmag field', () => {
  it('rejects an id with other characters, naming the field', () => {
    expect(validateContent({ ...valid(), zmagId: 'ab 12/..' }).zmagId).toBe('Must be 1 to 64 letters, digits, - or _');
    expect(validateContent({ ...valid(), zmagId: 'ab12-cd_34' }).zmagId).toBeUndefined();
  });

  it('sends the id as zmagId, and null when the field is empty', () => {
    expect(toWrite({ ...valid(), zmagId: ' ab12cd34 ' }).zmagId).toBe('ab12cd34');
    expect(toWrite(valid()).zmagId).toBeNull();
  });

  it('reads the stored id back into the form', () => {
    const detail = { ...toWrite({ ...valid(), zmagId: 'ab12cd34' }), id: 10000001 };
    expect(fromDetail(detail).zmagId).toBe('ab12cd34');
  });
});
