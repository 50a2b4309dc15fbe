/**
 * Starts the video lander's background video after the page has loaded (the
 * poster is the first paint), picking the portrait or landscape file; skipped
 * with reduced motion or Save-Data. The pause button toggles it (WCAG 2.2.2).
 */
export function startHeroVideo(doc: Document): void {
  const video = doc.querySelector<HTMLVideoElement>('.v-video');
  const button = doc.querySelector<HTMLButtonElement>('.v-pause');
  if (!video || !button) return;
  const saveData = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
  if (saveData || matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  const start = () => {
    video.src = (matchMedia('(orientation: landscape)').matches ? video.dataset.landscape : video.dataset.portrait) ?? '';
    video.addEventListener('playing', () => video.classList.add('is-playing'), { once: true });
    void video.play().catch(() => undefined);
    button.hidden = false;
    button.addEventListener('click', () => {
      if (video.paused) void video.play().catch(() => undefined);
      else video.pause();
      button.textContent = (video.paused ? button.dataset.play : button.dataset.pause) ?? '';
    });
  };
  if (doc.readyState === 'complete') setTimeout(start, 300);
  else addEventListener('load', () => setTimeout(start, 300), { once: true });
}
