// Writes the demo's raster "photos" (fixtures/demo/images/<brand>/photo-*.jpg|png) and house-ad
// banners (banner-*-728x90.png): licence-clean pictures
// of scenes drawn from gradients and shapes (SVG rendered by sharp), softened and given film grain so
// they compress and crop like photographs. Deterministic: a seeded generator, fixed sizes and
// encoder settings, so running it again rewrites the same bytes (on the same sharp/libvips build).
//   npx tsx tools/gen-demo-photos.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const W = 1200;
const H = 630;
const ROOT = fileURLToPath(new URL('../fixtures/demo/images/', import.meta.url));

/** mulberry32: a small seeded generator, so every run draws the same scene. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rand = () => number;
const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
const n = (v: number) => Math.round(v * 10) / 10;

function svg(defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${defs}<filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="6"/></filter><filter id="glow" x="-150%" y="-150%" width="400%" height="400%"><feGaussianBlur stdDeviation="14"/></filter></defs>${body}</svg>`;
}

function sky(id: string, stops: [string, number][]): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">${stops.map(([c, o]) => `<stop offset="${o}" stop-color="${c}"/>`).join('')}</linearGradient>`;
}

/** Out-of-focus lights: soft circles. */
function bokeh(r: Rand, count: number, colors: readonly string[], y0: number, y1: number, size: [number, number]): string {
  let s = '';
  for (let i = 0; i < count; i++) {
    s += `<circle cx="${n(r() * W)}" cy="${n(y0 + r() * (y1 - y0))}" r="${n(size[0] + r() * (size[1] - size[0]))}" fill="${pick(r, colors)}" opacity="${n(0.25 + r() * 0.5)}" filter="url(#glow)"/>`;
  }
  return s;
}

/** Shelves in one-point perspective (a store or warehouse aisle). */
function aisle(r: Rand, o: { wall: string; floor: string; ceiling: string; shelf: string; goods: readonly string[]; light: string }): string {
  const vx = W / 2 + (r() - 0.5) * 80;
  const vy = H * 0.45;
  let s = `<rect width="${W}" height="${H}" fill="${o.ceiling}"/>`;
  s += `<polygon points="0,${H} ${W},${H} ${vx + 40},${vy + 20} ${vx - 40},${vy + 20}" fill="${o.floor}"/>`;
  s += `<rect x="${vx - 40}" y="${vy - 60}" width="80" height="80" fill="${o.wall}"/>`;
  for (let i = 0; i < 7; i++) s += `<ellipse cx="${vx}" cy="${n(vy - 80 - i * i * 9)}" rx="${n(20 + i * 30)}" ry="${n(3 + i * 1.5)}" fill="${o.light}" opacity="0.8" filter="url(#soft)"/>`;
  for (const side of [-1, 1]) {
    const edge = side < 0 ? 0 : W;
    s += `<polygon points="${edge},40 ${vx + side * 40},${vy - 60} ${vx + side * 40},${vy + 20} ${edge},${H - 20}" fill="${o.shelf}"/>`;
    const levels = 5;
    for (let l = 0; l < levels; l++) {
      const t0 = l / levels;
      const t1 = (l + 0.8) / levels;
      const yEdge0 = 40 + t0 * (H - 60);
      const yEdge1 = 40 + t1 * (H - 60);
      const yV0 = vy - 60 + t0 * 80;
      const yV1 = vy - 60 + t1 * 80;
      const boxes = 14;
      for (let b = 0; b < boxes; b++) {
        const a0 = (b / boxes) ** 1.6;
        const a1 = ((b + 0.85) / boxes) ** 1.6;
        const x0 = edge + (vx + side * 40 - edge) * a0;
        const x1 = edge + (vx + side * 40 - edge) * a1;
        const top0 = yEdge0 + (yV0 - yEdge0) * a0;
        const top1 = yEdge0 + (yV0 - yEdge0) * a1;
        const bot0 = yEdge1 + (yV1 - yEdge1) * a0;
        const bot1 = yEdge1 + (yV1 - yEdge1) * a1;
        s += `<polygon points="${n(x0)},${n(top0)} ${n(x1)},${n(top1)} ${n(x1)},${n(bot1)} ${n(x0)},${n(bot0)}" fill="${pick(r, o.goods)}"/>`;
      }
    }
  }
  return s;
}

interface Scene { brand: string; file: string; seed: number; draw(r: Rand): string }

const SCENES: Scene[] = [
  {
    brand: 'freightwise', file: 'photo-port-dusk.jpg', seed: 11,
    draw: (r) => {
      let b = `<rect width="${W}" height="${H}" fill="url(#sky)"/>`;
      b += `<circle cx="880" cy="300" r="70" fill="#ffd59a" opacity="0.9" filter="url(#glow)"/>`;
      b += `<rect y="360" width="${W}" height="${H - 360}" fill="url(#sea)"/>`;
      for (let i = 0; i < 4; i++) {
        const x = 80 + i * 260 + r() * 40;
        b += `<g fill="#1d2233"><rect x="${n(x)}" y="120" width="14" height="250"/><rect x="${n(x + 90)}" y="120" width="14" height="250"/><rect x="${n(x - 60)}" y="120" width="240" height="18"/><rect x="${n(x + 20)}" y="90" width="50" height="30"/></g>`;
      }
      for (let row = 0; row < 5; row++) {
        for (let c = 0; c < 30; c++) {
          const x = c * 42 - 20 + (row % 2) * 10;
          b += `<rect x="${x}" y="${330 - row * 18}" width="40" height="17" fill="${pick(r, ['#b5470f', '#0b4a7d', '#6b7c8f', '#8a2f2f', '#2f6b55', '#c9a23a'])}" opacity="0.92"/>`;
        }
      }
      b += `<rect y="346" width="${W}" height="16" fill="#2a2533"/>`;
      for (let i = 0; i < 40; i++) b += `<rect x="${n(r() * W)}" y="${n(380 + r() * 240)}" width="${n(40 + r() * 160)}" height="2" fill="#ffd59a" opacity="${n(0.2 + r() * 0.4)}"/>`;
      return svg(sky('sky', [['#2a2350', 0], ['#8b3f6b', 0.45], ['#f08a4b', 0.8], ['#ffc27a', 1]]) + sky('sea', [['#3b3050', 0], ['#141a2c', 1]]), b);
    },
  },
  {
    brand: 'freightwise', file: 'photo-highway-night.jpg', seed: 12,
    draw: (r) => {
      let b = `<rect width="${W}" height="${H}" fill="url(#sky)"/>`;
      b += `<polygon points="0,330 220,280 420,300 640,250 900,290 1200,260 1200,360 0,360" fill="#101828"/>`;
      b += `<polygon points="560,340 640,340 1200,${H} 0,${H}" fill="#262b36"/>`;
      for (let i = 0; i < 9; i++) {
        const t = i / 9;
        const y = 345 + t * t * 290;
        b += `<polygon points="${n(598 - 2 - t * 6)},${n(y)} ${n(602 + 2 + t * 6)},${n(y)} ${n(603 + t * 10)},${n(y + 6 + t * 30)} ${n(597 - t * 10)},${n(y + 6 + t * 30)}" fill="#e8e3c8" opacity="0.85"/>`;
      }
      b += bokeh(r, 26, ['#ff3b30', '#ff6a4d'], 340, 420, [3, 9]);
      b += bokeh(r, 26, ['#fff4d6', '#ffe7a8'], 350, 440, [4, 12]);
      b += `<g transform="translate(300 360)"><rect x="0" y="40" width="340" height="120" fill="#d9dde3"/><rect x="345" y="70" width="110" height="90" rx="10" fill="#0b4a7d"/><rect x="370" y="80" width="60" height="35" fill="#9ec5e8" opacity="0.7"/><circle cx="60" cy="165" r="24" fill="#111"/><circle cx="280" cy="165" r="24" fill="#111"/><circle cx="400" cy="165" r="24" fill="#111"/><text x="20" y="110" font-family="sans-serif" font-size="40" font-weight="700" fill="#0b4a7d">FREIGHT</text></g>`;
      b += `<circle cx="770" cy="510" r="26" fill="#fff6d8" filter="url(#glow)"/>`;
      return svg(sky('sky', [['#060b1c', 0], ['#1c2a4d', 0.6], ['#4a4f7a', 1]]), b);
    },
  },
  {
    brand: 'freightwise', file: 'photo-warehouse-aisle.jpg', seed: 13,
    draw: (r) => svg('', aisle(r, { wall: '#cfd6dc', floor: '#8d949a', ceiling: '#4b5560', shelf: '#274a6b', goods: ['#c49a6c', '#b08556', '#d8b48a', '#a47a4c', '#e5c9a0', '#8c6a44'], light: '#fff8e0' })),
  },
  {
    brand: 'freightwise', file: 'photo-rail-yard.jpg', seed: 14,
    draw: (r) => {
      let b = `<rect width="${W}" height="${H}" fill="url(#sky)"/>`;
      b += `<polygon points="0,300 300,230 600,280 900,210 1200,270 1200,380 0,380" fill="#6f8aa0" opacity="0.7"/>`;
      b += `<rect y="360" width="${W}" height="${H - 360}" fill="#7d7364"/>`;
      for (let i = -6; i <= 6; i++) b += `<line x1="600" y1="360" x2="${600 + i * 260}" y2="${H}" stroke="#3b3b3b" stroke-width="${3 + Math.abs(i) * 0.5}"/>`;
      for (let c = 0; c < 8; c++) {
        const x = 40 + c * 150;
        b += `<rect x="${x}" y="300" width="140" height="56" fill="${pick(r, ['#b5470f', '#0b4a7d', '#2f6b55', '#8a2f2f', '#c9a23a'])}"/><rect x="${x}" y="356" width="140" height="8" fill="#222"/>`;
      }
      return svg(sky('sky', [['#8fb8de', 0], ['#d7e6f2', 1]]), b);
    },
  },
  {
    brand: 'plantpulse', file: 'photo-factory-floor.jpg', seed: 21,
    draw: (r) => {
      let b = `<rect width="${W}" height="${H}" fill="url(#sky)"/>`;
      for (let i = 0; i < 12; i++) b += `<rect x="${i * 110 - 20}" y="0" width="8" height="260" fill="#3a4350"/>`;
      b += bokeh(r, 18, ['#fff2c8', '#ffe09a'], 40, 200, [10, 26]);
      b += `<polygon points="0,${H} ${W},${H} ${W},420 0,420" fill="#5d6670"/>`;
      b += `<line x1="0" y1="470" x2="${W}" y2="470" stroke="#f2c230" stroke-width="8"/>`;
      for (let m = 0; m < 5; m++) {
        const x = 40 + m * 240 + r() * 30;
        const h = 150 + r() * 90;
        b += `<g><rect x="${n(x)}" y="${n(420 - h)}" width="190" height="${n(h)}" rx="6" fill="${pick(r, ['#c2410c', '#4b5563', '#1f6f8b', '#6b7280'])}"/><rect x="${n(x + 20)}" y="${n(440 - h)}" width="70" height="40" fill="#9fd3e6" opacity="0.75"/><circle cx="${n(x + 150)}" cy="${n(460 - h)}" r="10" fill="#22c55e"/></g>`;
      }
      return svg(sky('sky', [['#2b3340', 0], ['#59636f', 1]]), b);
    },
  },
  {
    brand: 'plantpulse', file: 'photo-robot-cell.jpg', seed: 22,
    draw: (r) => {
      let b = `<rect width="${W}" height="${H}" fill="url(#sky)"/>`;
      b += bokeh(r, 14, ['#a5d8ff', '#ffffff'], 20, 260, [12, 30]);
      b += `<rect y="460" width="${W}" height="${H - 460}" fill="#3f4650"/>`;
      for (let i = 0; i < 14; i++) b += `<rect x="${i * 90}" y="190" width="4" height="280" fill="#e5e7eb" opacity="0.35"/>`;
      b += `<rect y="190" width="${W}" height="4" fill="#e5e7eb" opacity="0.35"/>`;
      b += `<g transform="translate(520 470)"><rect x="-70" y="-40" width="140" height="40" rx="8" fill="#1f2937"/><g transform="rotate(-35)"><rect x="-22" y="-230" width="44" height="230" rx="20" fill="#f97316"/><g transform="translate(0 -220) rotate(80)"><rect x="-18" y="-190" width="36" height="190" rx="16" fill="#f97316"/><rect x="-26" y="-215" width="52" height="30" rx="6" fill="#374151"/></g></g><circle cx="0" cy="-20" r="30" fill="#374151"/></g>`;
      b += `<rect x="760" y="400" width="300" height="60" fill="#64748b"/><rect x="790" y="370" width="60" height="30" fill="#cbd5e1"/><rect x="880" y="370" width="60" height="30" fill="#cbd5e1"/>`;
      return svg(sky('sky', [['#1e293b', 0], ['#475569', 1]]), b);
    },
  },
  {
    brand: 'plantpulse', file: 'photo-control-room.jpg', seed: 23,
    draw: (r) => {
      let b = `<rect width="${W}" height="${H}" fill="#0f172a"/>`;
      for (let row = 0; row < 2; row++) {
        for (let c = 0; c < 5; c++) {
          const x = 70 + c * 220;
          const y = 80 + row * 170;
          b += `<rect x="${x}" y="${y}" width="200" height="150" rx="6" fill="#0b1220" stroke="#334155" stroke-width="4"/>`;
          let d = `M${x + 10},${y + 110}`;
          for (let k = 1; k <= 9; k++) d += ` L${x + 10 + k * 20},${n(y + 40 + r() * 90)}`;
          b += `<path d="${d}" fill="none" stroke="${pick(r, ['#22c55e', '#38bdf8', '#f59e0b'])}" stroke-width="4"/>`;
          b += `<rect x="${x}" y="${y}" width="200" height="150" rx="6" fill="#38bdf8" opacity="0.08" filter="url(#glow)"/>`;
        }
      }
      b += `<polygon points="0,470 ${W},470 ${W},${H} 0,${H}" fill="#1e293b"/><rect y="462" width="${W}" height="10" fill="#334155"/>`;
      b += bokeh(r, 12, ['#38bdf8', '#22c55e'], 480, 600, [4, 10]);
      return svg('', b);
    },
  },
  {
    brand: 'plantpulse', file: 'photo-solar-roof.png', seed: 24,
    draw: (r) => {
      let b = `<rect width="${W}" height="${H}" fill="url(#sky)"/>`;
      for (let i = 0; i < 5; i++) b += `<ellipse cx="${n(r() * W)}" cy="${n(60 + r() * 120)}" rx="${n(90 + r() * 80)}" ry="${n(20 + r() * 14)}" fill="#ffffff" opacity="0.8" filter="url(#soft)"/>`;
      b += `<polygon points="0,300 ${W},260 ${W},${H} 0,${H}" fill="#a8a29e"/>`;
      for (let row = 0; row < 5; row++) {
        for (let c = 0; c < 9; c++) {
          const x = 30 + c * 132 + row * 14;
          const y = 330 + row * 58 - c * 4;
          b += `<polygon points="${x},${y} ${x + 120},${y} ${x + 132},${y + 48} ${x + 12},${y + 48}" fill="#1e3a8a" stroke="#cbd5e1" stroke-width="2"/>`;
          b += `<polygon points="${x + 4},${y + 2} ${x + 60},${y + 2} ${x + 66},${y + 24} ${x + 10},${y + 24}" fill="#60a5fa" opacity="0.25"/>`;
        }
      }
      return svg(sky('sky', [['#3b82f6', 0], ['#bfdbfe', 1]]), b);
    },
  },
  {
    brand: 'shelfline', file: 'photo-produce-market.jpg', seed: 31,
    draw: (r) => {
      let b = `<rect width="${W}" height="${H}" fill="#3b2a1e"/>`;
      b += bokeh(r, 16, ['#fff1c1', '#ffd98a'], 0, 140, [14, 30]);
      for (let crate = 0; crate < 8; crate++) {
        const cx = (crate % 4) * 300;
        const cy = crate < 4 ? 170 : 400;
        const fruit = pick(r, [['#d62828', '#9d0208'], ['#f77f00', '#e85d04'], ['#80b918', '#55a630'], ['#ffd60a', '#ffc300'], ['#7b2cbf', '#5a189a']] as const);
        b += `<rect x="${cx + 6}" y="${cy}" width="288" height="220" fill="#8b5e34"/>`;
        for (let k = 0; k < 70; k++) {
          const x = cx + 24 + r() * 252;
          const y = cy + 20 + r() * 180;
          b += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(16 + r() * 8)}" fill="${pick(r, fruit)}"/><circle cx="${n(x - 6)}" cy="${n(y - 6)}" r="5" fill="#ffffff" opacity="0.35"/>`;
        }
        b += `<rect x="${cx + 6}" y="${cy + 200}" width="288" height="20" fill="#6f4518"/>`;
      }
      return svg('', b);
    },
  },
  {
    brand: 'shelfline', file: 'photo-store-aisle.jpg', seed: 32,
    draw: (r) => svg('', aisle(r, { wall: '#f1f5f9', floor: '#d6d3d1', ceiling: '#e7e5e4', shelf: '#e2e8f0', goods: ['#dc2626', '#2563eb', '#16a34a', '#f59e0b', '#7c3aed', '#0891b2', '#f97316', '#e11d48'], light: '#ffffff' })),
  },
  {
    brand: 'shelfline', file: 'photo-cold-case.jpg', seed: 33,
    draw: (r) => {
      let b = `<rect width="${W}" height="${H}" fill="#1f2937"/>`;
      for (let d = 0; d < 5; d++) {
        const x = 20 + d * 236;
        b += `<rect x="${x}" y="30" width="224" height="570" fill="#dbeafe"/>`;
        for (let s = 0; s < 5; s++) {
          const y = 60 + s * 110;
          b += `<rect x="${x + 8}" y="${y + 80}" width="208" height="6" fill="#94a3b8"/>`;
          for (let k = 0; k < 8; k++) b += `<rect x="${x + 12 + k * 25}" y="${n(y + 10 + r() * 10)}" width="20" height="${n(60 + r() * 10)}" rx="6" fill="${pick(r, ['#ef4444', '#f8fafc', '#22c55e', '#f59e0b', '#3b82f6', '#fde68a'])}"/>`;
        }
        b += `<rect x="${x}" y="30" width="224" height="570" fill="#bfdbfe" opacity="0.22"/><rect x="${x + 30}" y="30" width="40" height="570" fill="#ffffff" opacity="0.18"/><rect x="${x + 200}" y="260" width="10" height="110" rx="4" fill="#9ca3af"/>`;
      }
      return svg('', b);
    },
  },
  {
    brand: 'shelfline', file: 'photo-checkout-lane.png', seed: 34,
    draw: (r) => {
      let b = `<rect width="${W}" height="${H}" fill="url(#sky)"/>`;
      b += bokeh(r, 20, ['#ffffff', '#fef3c7'], 0, 180, [12, 28]);
      for (let i = 0; i < 4; i++) {
        const x = 60 + i * 290;
        b += `<rect x="${x}" y="330" width="240" height="200" fill="#475569"/><rect x="${x}" y="320" width="240" height="16" fill="#1f2937"/><rect x="${x + 150}" y="220" width="70" height="100" rx="6" fill="#0f172a"/><rect x="${x + 156}" y="228" width="58" height="64" fill="#38bdf8" opacity="0.8"/><rect x="${x + 90}" y="170" width="16" height="150" fill="#334155"/><rect x="${x + 60}" y="150" width="76" height="34" rx="4" fill="#16a34a"/><text x="${x + 98}" y="174" font-family="sans-serif" font-size="22" font-weight="700" text-anchor="middle" fill="#fff">${i + 1}</text>`;
        for (let k = 0; k < 5; k++) b += `<rect x="${n(x + 10 + k * 26)}" y="${n(290 - r() * 20)}" width="22" height="${n(30 + r() * 20)}" rx="3" fill="${pick(r, ['#dc2626', '#f59e0b', '#2563eb', '#16a34a'])}"/>`;
      }
      b += `<rect y="530" width="${W}" height="${H - 530}" fill="#cbd5e1"/>`;
      return svg(sky('sky', [['#f8fafc', 0], ['#e2e8f0', 1]]), b);
    },
  },
];

/** Film grain: a grey noise layer of the scene's seed, blended softly over the picture. */
function grain(seed: number, amount: number): Buffer {
  const r = rng(seed * 7919);
  const buf = Buffer.alloc(W * H * 4);
  for (let i = 0; i < W * H; i++) {
    const v = Math.round(128 + (r() - 0.5) * 2 * amount);
    buf[i * 4] = v; buf[i * 4 + 1] = v; buf[i * 4 + 2] = v; buf[i * 4 + 3] = 255;
  }
  return buf;
}

export async function renderScene(s: Scene): Promise<Buffer> {
  const base = await sharp(Buffer.from(s.draw(rng(s.seed)))).resize(W, H).blur(1.1).removeAlpha().png().toBuffer();
  const img = sharp(base).composite([{ input: grain(s.seed, s.file.endsWith('.png') ? 8 : 18), raw: { width: W, height: H, channels: 4 }, blend: 'soft-light' }]);
  return s.file.endsWith('.png')
    ? img.png({ palette: true, colours: 96, dither: 0.6, compressionLevel: 9, effort: 10 }).toBuffer()
    : img.jpeg({ quality: 62, mozjpeg: true, chromaSubsampling: '4:2:0' }).toBuffer();
}

/** House-ad banners at their declared size (sticky bottom and fallback creatives): 728x90 PNGs. */
interface Banner { brand: string; file: string; bg: string; accent: string; label: string; headline: string; cta: string }
const BANNERS: Banner[] = [
  { brand: 'freightwise', file: 'banner-daily-728x90.png', bg: '#0B4A7D', accent: '#F28C28', label: 'FREIGHTWISE DAILY', headline: 'The freight market before your first call', cta: 'Subscribe' },
  { brand: 'plantpulse', file: 'banner-newsletter-728x90.png', bg: '#1f5130', accent: '#c2410c', label: 'PLANT PULSE DAILY', headline: 'What changed on the plant floor today', cta: 'Sign up' },
  { brand: 'shelfline', file: 'banner-newsletter-728x90.png', bg: '#7a1f3d', accent: '#f2b632', label: 'SHELFLINE DAILY', headline: 'Grocery retail news in five minutes', cta: 'Get it free' },
];

function bannerSvg(b: Banner): string {
  const esc = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="728" height="90" viewBox="0 0 728 90"><rect width="728" height="90" fill="${b.bg}"/>`
    + `<circle cx="690" cy="-10" r="90" fill="${b.accent}" opacity="0.25"/><rect x="0" y="0" width="8" height="90" fill="${b.accent}"/>`
    + `<text x="28" y="36" font-family="sans-serif" font-size="13" font-weight="700" letter-spacing="2" fill="${b.accent}">${esc(b.label)}</text>`
    + `<text x="28" y="64" font-family="sans-serif" font-size="20" font-weight="700" fill="#ffffff">${esc(b.headline)}</text>`
    + `<rect x="572" y="25" width="136" height="40" rx="20" fill="${b.accent}"/><text x="640" y="51" font-family="sans-serif" font-size="16" font-weight="700" text-anchor="middle" fill="#ffffff">${esc(b.cta)}</text></svg>`;
}

async function main(): Promise<void> {
  for (const b of BANNERS) {
    const out = join(ROOT, b.brand, b.file);
    const bytes = await sharp(Buffer.from(bannerSvg(b))).png({ palette: true, colours: 64, compressionLevel: 9, effort: 10 }).toBuffer();
    writeFileSync(out, bytes);
    process.stdout.write(`${b.brand}/${b.file} ${(bytes.length / 1024).toFixed(1)} KB\n`);
  }
  for (const s of SCENES) {
    const out = join(ROOT, s.brand, s.file);
    mkdirSync(dirname(out), { recursive: true });
    const bytes = await renderScene(s);
    writeFileSync(out, bytes);
    process.stdout.write(`${s.brand}/${s.file} ${(bytes.length / 1024).toFixed(1)} KB\n`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
