// The issue list block as a reader's HTML: a single issue is one card, a grid or list is a list of
// cards; each card's title links to its issue page with the month under it. Parsed with cheerio.
import { load } from 'cheerio';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Grid } from './blocks';
import type { BlockView, IssueCardView, RowView } from './model';

const card = (n: number): IssueCardView => ({ title: `Issue ${n}`, href: `/magazine/issue/${n}/issue-${n}`, date: 'March 2026', cover: null, description: n === 1 ? 'Ports & rates.' : '' });
const settings = { title: 'In print', link: null, colorScheme: 'default' as const, cta: null };
const row = (blocks: BlockView[]): RowView => ({ layout: '1', title: null, link: null, width: 'site-width', backgroundColor: null, textColor: null, columns: [{ blocks }] });

describe('issue list block', () => {
  it('renders single as one card and grid/list as lists of cards linking to the issue pages', () => {
    const $ = load(renderToStaticMarkup(<Grid rows={[row([
      { kind: 'issues', id: 'one', settings, display: 'single', issues: [card(1)] },
      { kind: 'issues', id: 'grid', settings, display: 'grid', issues: [card(1), card(2), card(3)] },
      { kind: 'issues', id: 'list', settings, display: 'list', issues: [card(1), card(2)] },
    ])]} />));
    const blocks = $('.block-issues').toArray().map((b) => $(b));
    expect(blocks).toHaveLength(3);
    expect(blocks[0]!.find('ul')).toHaveLength(0);
    expect(blocks[0]!.find('.issue-card .issue-title a').attr('href')).toBe('/magazine/issue/1/issue-1');
    expect(blocks[0]!.find('.issue-description').text()).toBe('Ports & rates.');
    expect(blocks[1]!.find('ul.issue-grid > li .issue-card').length).toBe(3);
    expect(blocks[2]!.find('ul.issue-list > li .issue-title a').toArray().map((a) => $(a).text())).toEqual(['Issue 1', 'Issue 2']);
    expect(blocks[2]!.find('.issue-date').first().text()).toBe('March 2026');
    // headings one level below the block title
    expect(blocks[1]!.find('.block-title').prop('tagName')).toBe('H2');
    expect(blocks[1]!.find('.issue-title').first().prop('tagName')).toBe('H3');
  });
});
