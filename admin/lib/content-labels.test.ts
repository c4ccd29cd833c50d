import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { CONTENT_TYPES } from '../../engine/domain/enums';
import { StatusBadge } from '../components/bits';
import { CONTENT_TYPE_OPTIONS, contentState, maybeTypeLabel, typeLabel } from './content-labels';

describe('content type names (issue 35)', () => {
  it('names types as people write them, never as identifiers', () => {
    expect(typeLabel('PressRelease')).toBe('Press release');
    expect(typeLabel('MediaGallery')).toBe('Media gallery');
    expect(typeLabel('Article')).toBe('Article');
    for (const o of CONTENT_TYPE_OPTIONS) expect(o.label, o.value).not.toMatch(/[a-z][A-Z]/);
    expect(CONTENT_TYPE_OPTIONS.map((o) => o.value)).toEqual([...CONTENT_TYPES]);
    expect(maybeTypeLabel('PressRelease')).toBe('Press release');
    expect(maybeTypeLabel('leaderboard')).toBe('leaderboard');
  });
});

describe('content states (issue 35)', () => {
  const now = Date.parse('2026-11-28T12:00:00Z');
  it('a published item dated ahead is scheduled; drafts and deleted items keep their state', () => {
    expect(contentState(1, '2026-11-29T08:00:00Z', now)).toBe('scheduled');
    expect(contentState(1, '2026-11-27T08:00:00Z', now)).toBe('published');
    expect(contentState(1, null, now)).toBe('published');
    expect(contentState(2, '2026-12-01T08:00:00Z', now)).toBe('draft');
    expect(contentState(0, '2026-12-01T08:00:00Z', now)).toBe('deleted');
  });
  it('the status badge shows Scheduled with the time for a future-dated published item, Published otherwise', () => {
    const ahead = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const html = renderToStaticMarkup(createElement(StatusBadge, { status: 1, published: ahead }));
    expect(html).toContain('>Scheduled</span>');
    expect(html).not.toContain('Published');
    expect(html).toMatch(/class="status-when">[A-Z][a-z]+\.? \d{1,2}, \d{4}, \d{1,2}:\d{2}/);
    expect(renderToStaticMarkup(createElement(StatusBadge, { status: 1, published: '2020-01-01T00:00:00Z' }))).toContain('Published');
    expect(renderToStaticMarkup(createElement(StatusBadge, { status: 1 }))).toContain('Published');
  });
});
