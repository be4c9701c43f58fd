import PhotoSwipe, { type SlideData } from 'photoswipe';
import 'photoswipe/style.css';
import { useEffect, useRef } from 'react';
import { widestSource } from '~/images/variants';
import type { GalleryPhoto } from './photo-gallery';

/** A photo as the viewer shows it: its widest file (WebP where made, else JPEG), the sizes between, and its alt text. */
function slideOf(photo: GalleryPhoto): SlideData {
  const srcset = photo.image.sources.find((source) => source.type === 'image/webp')?.srcSet ?? photo.image.srcSet;
  const widest = widestSource(srcset);
  // The largest file kept, not the upload: zooming past it would only blur.
  const width = Math.min(photo.image.width, widest?.width ?? photo.image.width);
  return {
    src: widest?.url ?? photo.image.src,
    srcset,
    width,
    height: Math.round((width * photo.image.height) / photo.image.width),
    alt: photo.alt,
    // The blurred placeholder shows at once while the file comes.
    msrc: photo.image.placeholder || undefined,
  };
}

/**
 * The full-screen photo viewer (PhotoSwipe): pinch, wheel and double-tap zoom,
 * swipes and the arrow keys between the build's photos, Escape or the close
 * button to leave; focus stays inside while it is open and goes back where it
 * was. Loaded only when it is opened (the page's own scripts stay small). It
 * says which photo shows through `onStep` and that it was closed through
 * `onClose`; unmounted (the address went back), it closes without a word.
 */
export default function PhotoViewer({
  photos,
  index,
  title,
  onStep,
  onClose,
}: {
  photos: GalleryPhoto[];
  index: number;
  title: string;
  onStep: (index: number) => void;
  onClose: () => void;
}) {
  // What it opens on: every later step comes from the viewer itself, which tells the page
  // (the page's steps replace its address, so Back closes the viewer, never steps it).
  const opening = useRef({ photos, index, title });
  // The latest callbacks, for the viewer's events, which are bound once.
  const handlers = useRef({ onStep, onClose });
  useEffect(() => {
    handlers.current = { onStep, onClose };
  });

  useEffect(() => {
    const { photos, index, title } = opening.current;
    let destroyed = false;
    let leaving = false;
    const pswp = new PhotoSwipe({
      dataSource: photos.map(slideOf),
      index,
      showHideAnimationType: 'fade',
      bgOpacity: 1,
      wheelToZoom: true,
      doubleTapAction: 'zoom',
      imageClickAction: 'zoom-or-close',
      closeTitle: 'Close (Esc)',
      zoomTitle: 'Zoom in or out',
      arrowPrevTitle: 'Previous photo',
      arrowNextTitle: 'Next photo',
      errorMsg: 'The photo could not be loaded.',
      indexIndicatorSep: ' of ',
    });
    pswp.on('uiRegister', () => {
      pswp.ui?.registerElement({
        name: 'caption',
        order: 9,
        isButton: false,
        appendTo: 'root',
        onInit: (element) => {
          element.className = 'pswp__caption absolute inset-x-0 bottom-0 bg-black/60 px-4 py-3 text-center text-sm text-white';
          element.setAttribute('aria-live', 'polite');
          const caption = () => (element.textContent = String(pswp.currSlide?.data.alt ?? ''));
          pswp.on('change', caption);
          caption();
        },
      });
    });
    pswp.on('afterInit', () => {
      // A dialog named for what it shows, modal for assistive technology as it is for the keyboard.
      pswp.element?.setAttribute('aria-modal', 'true');
      pswp.element?.setAttribute('aria-label', `Photos of ${title}`);
    });
    // Each new photo told once, as soon as the viewer turns to it, however fast the steps come.
    let told = index;
    pswp.on('change', () => {
      if (pswp.currIndex === told) return;
      told = pswp.currIndex;
      handlers.current.onStep(told);
    });
    pswp.on('destroy', () => {
      destroyed = true;
      if (!leaving) handlers.current.onClose();
    });
    pswp.init();
    return () => {
      leaving = true;
      if (destroyed) return;
      pswp.destroy();
      // Still opening, it does not close: its element goes all the same.
      pswp.element?.remove();
    };
  }, []);

  return null;
}
