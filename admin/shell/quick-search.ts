// What the quick menu finds beyond the menu (issue 35): content by title (getContentStream's phrase),
// people by name (getPersonStream) and website sections by name (the section tree, loaded once per
// opening). Each kind is asked only of users who may open it; typing is debounced, and an answer
// that arrives after newer typing is dropped.
import { useEffect, useRef, useState } from 'react';
import { hasAnyPermission, type Permission } from '../../engine/domain/permissions';
import * as api from '../data/api';
import { flattenTree } from '../data/sections';
import type { SectionNode } from '../data/types';
import { typeLabel } from '../lib/content-labels';
import type { IconName } from './nav';

export interface FoundEntry {
  label: string;
  href: string;
  icon: IconName;
  group: 'Content' | 'People' | 'Sections';
  /** A short second line: the type and state, a person's title, a section's path. */
  detail?: string;
}

export const SEARCH_DEBOUNCE_MS = 250;
const PER_KIND = 5;

/** The searches this user may run. */
export function searchKinds(held: readonly Permission[]) {
  return {
    content: hasAnyPermission(held, ['manage_content']),
    people: hasAnyPermission(held, ['manage_content', 'manage_contacts']),
    sections: hasAnyPermission(held, ['view_site_sections', 'manage_site_sections']),
  };
}

/** Sections whose name or full name holds every typed word. */
export function matchSections(tree: readonly SectionNode[], text: string): FoundEntry[] {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  return flattenTree(tree)
    .filter((s) => words.every((w) => `${s.name} ${s.fullName}`.toLowerCase().includes(w)))
    .slice(0, PER_KIND)
    .map((s) => ({ label: s.name, href: `/admin/edit-website-section/${s.id}`, icon: 'sections', group: 'Sections', detail: s.fullName }));
}

/** The API's phrase also matches bodies: items with every word in the title come first. */
async function findContent(text: string): Promise<FoundEntry[]> {
  const page = await api.getContentStream({ search: text, skip: 0, limit: PER_KIND * 2 });
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  const inTitle = (name: string) => words.every((w) => name.toLowerCase().includes(w));
  const ranked = [...page.items.filter((c) => inTitle(c.name)), ...page.items.filter((c) => !inTitle(c.name))].slice(0, PER_KIND);
  return ranked.map((c) => ({ label: c.name, href: `/admin/edit-content/${c.id}`, icon: 'content', group: 'Content', detail: `${typeLabel(c.type)} · ${c.id}` }));
}

async function findPeople(text: string): Promise<FoundEntry[]> {
  const people = await api.getPersonStream(text);
  return people.slice(0, PER_KIND).map((p) => ({ label: p.fullName, href: `/admin/persons?edit=${p.id}`, icon: 'users', group: 'People', ...(p.title ? { detail: p.title } : {}) }));
}

/** Content, people and sections matching `text` (two characters or more), after a pause in typing. */
export function useQuickSearch(text: string, held: readonly Permission[]): { found: FoundEntry[]; searching: boolean; answered: string } {
  const [found, setFound] = useState<FoundEntry[]>([]);
  const [answered, setAnswered] = useState('');
  const [searching, setSearching] = useState(false);
  const tree = useRef<Promise<SectionNode[]> | null>(null);
  const latest = useRef(0);
  const kinds = searchKinds(held);
  const key = `${kinds.content}${kinds.people}${kinds.sections}`;

  useEffect(() => {
    const typed = text.trim();
    const ticket = ++latest.current;
    if (typed.length < 2 || !(kinds.content || kinds.people || kinds.sections)) {
      setFound([]);
      setSearching(false);
      setAnswered(typed);
      return;
    }
    setSearching(true);
    const timer = setTimeout(() => {
      const quiet = <T,>(p: Promise<T[]>) => p.catch(() => [] as T[]);
      if (kinds.sections && !tree.current) tree.current = api.getWebsiteSectionsHierarchy().catch(() => []);
      void Promise.all([
        kinds.content ? quiet(findContent(typed)) : Promise.resolve([]),
        kinds.people ? quiet(findPeople(typed)) : Promise.resolve([]),
        kinds.sections && tree.current ? tree.current.then((t) => matchSections(t, typed)) : Promise.resolve([]),
      ]).then(([content, people, sections]) => {
        if (ticket !== latest.current) return;
        setFound([...content, ...people, ...sections]);
        setSearching(false);
        setAnswered(typed);
      });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, key]);

  return { found, searching, answered };
}
