// The demo's wiring of the assistant (issue 42): with no real endpoint, `masthead demo` points the
// API at the built-in stand-in (cli/assistant-stand-in.ts) under STAND_IN_MODEL. The status says it
// is the stand-in, and the editor actions answer from the item's own words, tags only of the tenant.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Harness } from './api-harness';
import { STAND_IN_MODEL, startAssistantStandIn, type StandIn } from '../../cli/assistant-stand-in';

let h: Harness;
let standIn: StandIn;
beforeAll(async () => {
  standIn = await startAssistantStandIn();
  h = await startApi({ assistant: { url: standIn.url, model: STAND_IN_MODEL } });
});
afterAll(async () => { await h?.close(); await standIn?.close(); });

describe('the assistant on the demo stand-in', () => {
  it('is shown as the stand-in and answers every editor action from the item', async () => {
    expect((await h.op('getAssistantStatus', {}, { as: 'alphaEditor' })).data.getAssistantStatus).toMatchObject({ configured: true, standIn: true, model: STAND_IN_MODEL, source: 'installation' });
    const suggest = async (action: string) => {
      const r = await h.op('suggestForContent', { input: { contentId: 10010001, action } }, { as: 'alphaEditor' });
      expect(r.error, JSON.stringify(r.body)).toBeUndefined();
      return r.data.suggestForContent;
    };
    expect((await suggest('headlines')).suggestions[0]).toBe('Carriers adjust capacity on lane 1');
    expect((await suggest('summary')).suggestions).toEqual(['Schedules shift as carriers respond to softer demand.']);
    expect((await suggest('seoDescription')).suggestions[0]).toMatch(/^Carriers adjust capacity on lane 1\. Schedules shift/);
    expect((await suggest('tags')).terms).toEqual([{ id: 130, name: 'Rates', fullName: 'Rates', type: 'Tag' }]);
    const free = await h.op('askAssistant', { prompt: 'Hello' }, { as: 'alphaEditor' });
    expect(free.data.askAssistant.answer).toMatch(/^\[Demo stand-in, not a language model\]/);
  });
});
