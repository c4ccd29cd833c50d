// The body sanitiser meets unexpected nesting (issue 15): an element dropped with its content but
// never closed (<iframe>, <noscript>, <textarea>, <object>…) loses only itself; the text after it
// reaches the reader. Checked over HTTP on what readers get (getGatedContent's body, sanitised by
// engine/html/sanitize.ts as the build does), for every payload of the mutation-XSS corpus.
import { load } from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MXSS_CORPUS } from '../helpers/mxss-corpus';
import { startApi, type Harness } from './api-harness';

let h: Harness;
beforeAll(async () => { h = await startApi(); });
afterAll(async () => { await h.close(); });

const ITEM = 10_010_001; // open, and alpha meters nothing: readers get the body
const AFTER = 'The closing paragraph survives';

async function readerBody(payload: string): Promise<string> {
  const saved = await h.op('updateContent', { id: ITEM, input: { body: `<p>Intro</p>${payload}<p>${AFTER}</p>` } }, { as: 'alphaEditor' });
  expect(saved.error).toBeUndefined();
  const r = await h.op('getGatedContent', { id: ITEM });
  expect(r.error).toBeUndefined();
  expect(r.data.getGatedContent.canRead).toBe(true);
  return r.data.getGatedContent.body as string;
}

describe('bodies with unexpected nesting', () => {
  it.each(MXSS_CORPUS.map((p, i) => [i, p] as const))('payload %i keeps the text after it and nothing executable', async (_i, payload) => {
    const body = await readerBody(payload);
    const $ = load(body);
    expect($('p').first().text()).toBe('Intro');
    expect($('p').last().text()).toBe(AFTER);
    expect($('script, style, iframe, object, embed, svg, math, noscript, template, textarea, title, select, option, xmp, noembed').length).toBe(0);
    $('*').each((_, el) => {
      for (const [name, value] of Object.entries((el as unknown as { attribs: Record<string, string> }).attribs)) {
        expect(name, body).not.toMatch(/^on/i);
        // eslint-disable-next-line no-control-regex -- browsers ignore these inside a scheme
        expect(value.replace(/[\s\u0000-\u001f]/g, ''), body).not.toMatch(/^(javascript|data|vbscript):/i);
      }
    });
    // What a browser re-parses is what was sent: serialising the parsed output changes nothing.
    expect(load(load(body).html()).html()).toBe(load(body).html());
  });

  it('drops a closed dropped element with its content, as before', async () => {
    const body = await readerBody('<iframe src="https://evil.example/"><p>inside</p></iframe><noscript>hidden</noscript>');
    expect(body).not.toContain('inside');
    expect(body).not.toContain('hidden');
    expect(body).toContain(AFTER);
  });
});
