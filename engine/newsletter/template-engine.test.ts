import { describe, expect, it } from 'vitest';
import { compileTemplate, renderTemplate, renderTokens, type TemplateData } from './template-engine';

const render = (src: string, data: TemplateData) => renderTokens(compileTemplate(src), data);

describe('newsletter template engine', () => {
  it('escapes values, inserts raw markup and renders sections', () => {
    expect(render('<a href="{{h}}">{{t}}</a>{{{raw}}}', { h: 'https://x/?a=1&b="2"', t: '<b>', raw: '<mj-text>ok</mj-text>' }))
      .toBe('<a href="https://x/?a=1&amp;b=&quot;2&quot;">&lt;b&gt;</a><mj-text>ok</mj-text>');
    expect(render('{{#a}}yes {{a}}{{/a}}{{^a}}no{{/a}}', { a: 'x' })).toBe('yes x');
    expect(render('{{#a}}yes{{/a}}{{^a}}no{{/a}}', { a: '' })).toBe('no');
  });

  it('refuses unbalanced sections', () => {
    expect(() => compileTemplate('{{#a}}x')).toThrow(/not closed/);
    expect(() => compileTemplate('x{{/a}}')).toThrow(/closes nothing/);
  });

  it('throws for a value the template names but the renderer did not pass', () => {
    expect(() => renderTemplate('chrome/web-version', {})).toThrow(/no value for \{\{href\}\}/);
    expect(renderTemplate('chrome/web-version', { href: 'https://a.example/n/1' })).toContain('href="https://a.example/n/1"');
  });
});
