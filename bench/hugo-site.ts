// Exports a generated fixture set (engine/fixtures/generate) as one Hugo site per tenant, for
// bench:peer: the same published items at the same paths (/<section alias>/<id>/<slug>/), section
// listings paged by 20, a home page of the latest 20, and Hugo's own RSS and sitemap. Templates are
// deliberately plain: a header with the top sections, the article, a footer.
import { cpSync, createReadStream, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { sectionSystemAlias } from '../engine/domain/paths';

interface SectionRec { id: number; name: string; parentId: number | null; alias?: string; manualAlias?: boolean; description?: string; sequence?: number; status: number }
interface PersonRec { id: number; firstName: string; lastName: string }
interface ContentRec {
  id: number; name: string; slug?: string; teaser?: string; body?: string; status: number; published?: string;
  primarySectionId: number; authorIds?: number[]; primaryImageId?: number; type: string;
}
interface AssetRec { id: number; file: string }

const LAYOUTS: Record<string, string> = {
  '_default/baseof.html': `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ block "title" . }}{{ .Title }} | {{ .Site.Title }}{{ end }}</title>
<meta name="description" content="{{ with .Description }}{{ . }}{{ else }}{{ .Site.Params.description }}{{ end }}">
<link rel="canonical" href="{{ .Permalink }}"><link rel="stylesheet" href="/site.css">
{{ with .OutputFormats.Get "rss" }}<link rel="alternate" type="application/rss+xml" href="{{ .RelPermalink }}">{{ end }}
</head><body>
<header><a class="logo" href="/">{{ .Site.Title }}</a><nav>{{ range .Site.Menus.main }}<a href="{{ .URL }}">{{ .Name }}</a> {{ end }}</nav></header>
<main>{{ block "main" . }}{{ end }}</main>
<footer><nav>{{ range .Site.Menus.main }}<a href="{{ .URL }}">{{ .Name }}</a> {{ end }}</nav><p>&copy; {{ .Site.Title }}</p></footer>
</body></html>
`,
  '_default/single.html': `{{ define "main" }}<article>
<p class="section"><a href="{{ .CurrentSection.RelPermalink }}">{{ .CurrentSection.Title }}</a></p>
<h1>{{ .Title }}</h1>{{ with .Description }}<p class="teaser">{{ . }}</p>{{ end }}
<p class="byline">{{ with .Params.authors }}By {{ delimit . ", " " and " }} · {{ end }}<time datetime="{{ .Date.Format "2006-01-02T15:04:05Z07:00" }}">{{ .Date.Format "January 2, 2006" }}</time></p>
{{ with .Params.image }}<img src="{{ . }}" alt="" width="1200" height="675">{{ end }}
{{ .Content }}
</article>{{ end }}
`,
  '_default/list.html': `{{ define "main" }}<h1>{{ .Title }}</h1>{{ with .Description }}<p>{{ . }}</p>{{ end }}
{{ $pager := .Paginate .RegularPagesRecursive }}<ul class="list">{{ range $pager.Pages }}
<li><a href="{{ .RelPermalink }}">{{ .Title }}</a><p>{{ .Description }}</p><time>{{ .Date.Format "January 2, 2006" }}</time></li>{{ end }}</ul>
{{ template "_internal/pagination.html" . }}{{ end }}
`,
  'index.html': `{{ define "main" }}<h1>{{ .Site.Title }}</h1><ul class="list">{{ range first 20 .Site.RegularPages }}
<li><a href="{{ .RelPermalink }}">{{ .Title }}</a><p>{{ .Description }}</p></li>{{ end }}</ul>{{ end }}
`,
};

const CSS = 'body{font-family:system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem}header,footer{display:flex;gap:1rem;flex-wrap:wrap}.list{list-style:none;padding:0}\n';

async function* jsonl<T>(file: string): AsyncGenerator<T> {
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  for await (const line of lines) if (line.trim()) yield JSON.parse(line) as T;
}

function readJson<T>(file: string, fallback: T): T {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) as T : fallback;
}

/** Section id → alias, the way the store derives it (a manual alias, or the parent's plus the slugged name). */
function sectionAliases(sections: SectionRec[]): Map<number, string> {
  const byId = new Map(sections.map((s) => [s.id, s]));
  const out = new Map<number, string>();
  const aliasOf = (s: SectionRec): string => {
    const known = out.get(s.id);
    if (known) return known;
    const parent = s.parentId == null ? null : byId.get(s.parentId);
    const alias = s.manualAlias && s.alias ? s.alias : sectionSystemAlias(s.name, parent ? aliasOf(parent) : null);
    out.set(s.id, alias);
    return alias;
  };
  for (const s of sections) aliasOf(s);
  return out;
}

export interface HugoExport { sites: { key: string; dir: string; items: number }[] }

/** Writes <dest>/<tenantKey>/ (config, content, layouts, static) for every tenant of the fixture set. */
export async function exportHugoSites(fixtures: string, dest: string): Promise<HugoExport> {
  rmSync(dest, { recursive: true, force: true });
  const sites: HugoExport['sites'] = [];
  const now = Date.now();
  for (const key of readdirSync(join(fixtures, 'tenants')).sort()) {
    const tdir = join(fixtures, 'tenants', key);
    const dir = join(dest, key);
    const tenant = readJson<{ domain: string; name: string; settings?: { general?: { siteName?: string } } }>(join(tdir, 'tenant.json'), { domain: `${key}.localhost`, name: key });
    const sections = readJson<SectionRec[]>(join(tdir, 'sections.json'), []).filter((s) => s.status === 1);
    const persons = new Map(readJson<PersonRec[]>(join(tdir, 'persons.json'), []).map((p) => [p.id, `${p.firstName} ${p.lastName}`]));
    const assets = new Map(readJson<AssetRec[]>(join(tdir, 'assets.json'), []).map((a) => [a.id, `/${a.file}`]));
    const aliases = sectionAliases(sections);
    const title = tenant.settings?.general?.siteName ?? tenant.name;
    const menu = sections.filter((s) => s.parentId == null && aliases.get(s.id) !== 'home')
      .sort((a, b) => (a.sequence ?? 0) - (b.sequence ?? 0))
      .map((s, i) => `[[menu.main]]\n  name = ${JSON.stringify(s.name)}\n  url = ${JSON.stringify(`/${aliases.get(s.id)}/`)}\n  weight = ${i + 1}\n`);
    mkdirSync(join(dir, 'content'), { recursive: true });
    writeFileSync(join(dir, 'config.toml'), `baseURL = ${JSON.stringify(`https://${tenant.domain}/`)}\ntitle = ${JSON.stringify(title)}\n`
      + 'languageCode = "en"\npaginate = 20\ndisableKinds = ["taxonomy", "term"]\nenableRobotsTXT = false\n'
      + `[params]\n  description = ${JSON.stringify(`${title}: news and analysis`)}\n${menu.join('')}`);
    for (const [file, text] of Object.entries(LAYOUTS)) {
      mkdirSync(join(dir, 'layouts', file, '..'), { recursive: true });
      writeFileSync(join(dir, 'layouts', file), text);
    }
    mkdirSync(join(dir, 'static'), { recursive: true });
    writeFileSync(join(dir, 'static', 'site.css'), CSS);
    const images = join(fixtures, 'images', key);
    if (existsSync(images)) cpSync(images, join(dir, 'static', 'images', key), { recursive: true });
    for (const s of sections) {
      const alias = aliases.get(s.id)!;
      if (alias === 'home') continue;
      mkdirSync(join(dir, 'content', alias), { recursive: true });
      writeFileSync(join(dir, 'content', alias, '_index.html'), `${JSON.stringify({ title: s.name, description: s.description ?? '' })}\n`);
    }
    let items = 0;
    const cdir = join(tdir, 'content');
    for (const file of readdirSync(cdir).filter((f) => f.endsWith('.jsonl')).sort()) {
      for await (const c of jsonl<ContentRec>(join(cdir, file))) {
        // Published and not scheduled: what the live site shows (Hugo would skip future dates too).
        if (c.status !== 1 || !c.published || Date.parse(c.published) > now) continue;
        const alias = aliases.get(c.primarySectionId);
        if (!alias || alias === 'home') continue;
        const slug = c.slug ?? String(c.id);
        const front = {
          title: c.name, date: c.published, description: c.teaser ?? '', url: `/${alias}/${c.id}/${slug}/`,
          authors: (c.authorIds ?? []).map((id) => persons.get(id)).filter(Boolean),
          ...(c.primaryImageId && assets.get(c.primaryImageId) ? { image: assets.get(c.primaryImageId) } : {}),
        };
        writeFileSync(join(dir, 'content', alias, `${c.id}.html`), `${JSON.stringify(front)}\n${c.body ?? ''}\n`);
        items++;
      }
    }
    sites.push({ key, dir, items });
  }
  return { sites };
}
