import { describe, expect, it } from 'vitest';
import { isSerialized, metaValue, PhpParseError, unserialize } from './php';

describe('PHP serialize() reader (issue 36: postmeta is parsed, never evaluated)', () => {
  it('reads scalars, lists and maps, counting string lengths in UTF-8 bytes', () => {
    expect(unserialize('N;')).toBeNull();
    expect(unserialize('b:1;')).toBe(true);
    expect(unserialize('i:-42;')).toBe(-42);
    expect(unserialize('d:0.5;')).toBe(0.5);
    expect(unserialize('s:9:"Café ☕";')).toBe('Café ☕'); // 9 bytes, 6 characters
    expect(unserialize('a:1:{s:2:"ü";s:2:"é";}')).toEqual({ 'ü': 'é' });
  });

  it('reads WordPress attachment metadata', () => {
    const meta = 'a:4:{s:5:"width";i:80;s:4:"file";s:16:"2019/05/dock.png";s:5:"sizes";a:1:{s:5:"thumb";a:1:{s:4:"file";s:6:"t.png";}}s:4:"list";a:2:{i:0;s:1:"a";i:1;s:1:"b";}}';
    expect(unserialize(meta)).toEqual({ width: 80, file: '2019/05/dock.png', sizes: { thumb: { file: 't.png' } }, list: ['a', 'b'] });
  });

  it('reads objects as plain data with their class name, instantiating nothing', () => {
    const v = unserialize('O:8:"stdClass":2:{s:4:"name";s:6:"Quay 4";s:4:"open";b:1;}') as Record<string, unknown>;
    expect({ ...v }).toEqual({ __class: 'stdClass', name: 'Quay 4', open: true });
    expect(Object.getPrototypeOf(v)).toBeNull();
    const hostile = unserialize('a:1:{s:9:"__proto__";a:1:{s:5:"admin";b:1;}}') as Record<string, unknown>;
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    expect(Object.keys(hostile)).toEqual(['__proto__']);
  });

  it('tolerates byte counts a search-and-replace broke, and refuses what is not serialized data', () => {
    expect(unserialize('a:1:{s:3:"url";s:28:"https://old.example.invalid/x";}')).toEqual({ url: 'https://old.example.invalid/x' });
    expect(() => unserialize('system("rm -rf /");')).toThrow(PhpParseError);
    expect(() => unserialize('a:2:{i:0;s:1:"a";}')).toThrow(PhpParseError);
    expect(isSerialized('2019/05/dock.png')).toBe(false);
    expect(metaValue('plain text')).toBe('plain text');
    expect(metaValue('a:1:{i:0;')).toBeUndefined();
  });
});
