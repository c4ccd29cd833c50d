// The image gallery block (public §4): a grid of images, each a link to the full image (so the
// gallery works without script), and in the browser an accessible lightbox: a modal dialog with the
// image, its caption and credit, "n of m", previous/next buttons, ←/→ to move, Escape or Close to
// leave, Tab kept inside, and focus back on the image that opened it.
import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { ImageView } from '../model';
import { useLockedBlock } from './locked-block';

export type ImageGalleryProps = { images: ImageView[]; lockedFor: number | null; label: string };

export const GALLERY_TEXTS = {
  dialog: 'Image viewer',
  previous: 'Previous image',
  next: 'Next image',
  close: 'Close',
  open: (n: number, of: number, alt: string) => `Open image ${n} of ${of}${alt ? `: ${alt}` : ''}`,
  position: (n: number, of: number) => `${n} of ${of}`,
} as const;

function Lightbox({ images, at, label, onMove, onClose }: { images: ImageView[]; at: number; label: string; onMove: (to: number) => void; onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => { closeRef.current?.focus(); }, []);
  const img = images[at]!;
  const move = (d: number) => onMove((at + d + images.length) % images.length);
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') { e.preventDefault(); onClose(); }
    else if (e.key === 'ArrowRight') { e.preventDefault(); move(1); }
    else if (e.key === 'ArrowLeft') { e.preventDefault(); move(-1); }
    else if (e.key === 'Tab') {
      const focusable = [...(ref.current?.querySelectorAll<HTMLElement>('button') ?? [])];
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (e.shiftKey && document.activeElement === first) { e.preventDefault(); last?.focus(); }
      else if (!e.shiftKey && document.activeElement === last) { e.preventDefault(); first?.focus(); }
    }
  };
  return (
    <div className="lightbox-backdrop" onClick={(e) => { if (e.target === e.currentTarget) onClose(); }}>
      <div ref={ref} className="lightbox" role="dialog" aria-modal="true" aria-label={`${GALLERY_TEXTS.dialog}: ${label}`} onKeyDown={onKey}>
        <button ref={closeRef} type="button" className="lightbox-close" onClick={onClose}>{GALLERY_TEXTS.close}</button>
        <figure className="lightbox-figure">
          <img src={img.src} alt={img.alt} width={img.width} height={img.height} />
          <figcaption>
            <span className="lightbox-position" aria-live="polite">{GALLERY_TEXTS.position(at + 1, images.length)}</span>
            {img.caption && <span> {img.caption}</span>}
            {img.credit && <span className="credit"> {img.credit}</span>}
          </figcaption>
        </figure>
        {images.length > 1 && (
          <p className="lightbox-nav">
            <button type="button" onClick={() => move(-1)}>{GALLERY_TEXTS.previous}</button>
            <button type="button" onClick={() => move(1)}>{GALLERY_TEXTS.next}</button>
          </p>
        )}
      </div>
    </div>
  );
}

/** Like site/items.tsx Picture, kept here so the island's chunk does not pull in the list renderer. */
function Picture({ image }: { image: ImageView }) {
  return (
    <picture>
      {image.sources?.map((s) => <source key={s.type} type={s.type} srcSet={s.srcset} sizes={image.sizes} />)}
      <img src={image.src} srcSet={image.srcset} sizes={image.srcset ? image.sizes : undefined} alt={image.alt} width={image.width} height={image.height}
        loading="lazy" decoding="async" style={image.position ? { objectPosition: image.position } : undefined} />
    </picture>
  );
}

export function ImageGallery({ images, lockedFor, label }: ImageGalleryProps) {
  const lock = useLockedBlock('image_gallery', lockedFor);
  const [open, setOpen] = useState<number | null>(null);
  const triggers = useRef<(HTMLAnchorElement | null)[]>([]);
  const last = useRef<number | null>(null);
  useEffect(() => {
    if (open === null && last.current !== null) triggers.current[last.current]?.focus();
  }, [open]);
  if (lock !== 'shown') return null;
  const show = (i: number) => (e: MouseEvent) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    last.current = i;
    setOpen(i);
  };
  return (
    <>
      <ul className="image-gallery">
        {images.map((img, i) => (
          <li key={img.src}>
            <figure>
              <a href={img.src} ref={(el) => { triggers.current[i] = el; }} onClick={show(i)} aria-label={GALLERY_TEXTS.open(i + 1, images.length, img.alt)}>
                <Picture image={img} />
              </a>
              {img.caption && <figcaption>{img.caption}</figcaption>}
            </figure>
          </li>
        ))}
      </ul>
      {open !== null && (
        <Lightbox images={images} at={open} label={label} onMove={(to) => { last.current = to; setOpen(to); }} onClose={() => setOpen(null)} />
      )}
    </>
  );
}
