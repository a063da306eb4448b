import { useEffect, type RefObject } from 'react';
import type { Word } from '../../../../shared/transcript';
import { activeWordIndex } from '../../lib/transcript';

/**
 * Highlights the word being played by toggling a class on its element, without re-rendering the transcript (a long
 * one has tens of thousands of words). Frames while playing, plus seeks while paused.
 */
export function useWordHighlight(
  audioRef: RefObject<HTMLAudioElement | null>,
  containerRef: RefObject<HTMLElement | null>,
  words: readonly Word[],
  follow: boolean,
): void {
  useEffect(() => {
    const audio = audioRef.current;
    const container = containerRef.current;
    if (!audio || !container) return;
    const elements = Array.from(container.querySelectorAll<HTMLElement>('[data-w]'));
    let current = -1;
    let frame = 0;
    const show = () => {
      const index = activeWordIndex(words, audio.currentTime);
      if (index === current) return;
      elements[current]?.classList.remove('word-active');
      elements[current]?.removeAttribute('aria-current');
      const element = elements[index];
      element?.classList.add('word-active');
      element?.setAttribute('aria-current', 'true');
      if (element && follow && !audio.paused) scrollIntoViewIfHidden(element);
      current = index;
    };
    const loop = () => {
      show();
      frame = audio.paused ? 0 : requestAnimationFrame(loop);
    };
    const start = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(loop);
    };
    audio.addEventListener('play', start);
    audio.addEventListener('seeked', show);
    audio.addEventListener('timeupdate', show);
    show();
    if (!audio.paused) start();
    return () => {
      cancelAnimationFrame(frame);
      audio.removeEventListener('play', start);
      audio.removeEventListener('seeked', show);
      audio.removeEventListener('timeupdate', show);
      elements[current]?.classList.remove('word-active');
      elements[current]?.removeAttribute('aria-current');
    };
  }, [audioRef, containerRef, words, follow]);
}

function scrollIntoViewIfHidden(element: HTMLElement): void {
  const box = element.getBoundingClientRect();
  const parent = element.closest<HTMLElement>('.transcript-scroll');
  const view = parent?.getBoundingClientRect() ?? { top: 0, bottom: window.innerHeight };
  if (box.top < view.top || box.bottom > view.bottom)
    element.scrollIntoView({ block: 'center', behavior: 'smooth' });
}
