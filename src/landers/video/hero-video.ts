/**
 * Starts the video lander's background video after the page has loaded (the
 * poster is the first paint), picking the portrait or landscape file; skipped
 * with reduced motion or Save-Data. The pause button toggles it (WCAG 2.2.2).
 */
export function startHeroVideo(doc: Document): void {
  const video = doc.querySelector<HTMLVideoElement>('.v-video');
  const button = doc.querySelector<HTMLButtonElement>('.v-pause');
  const saveData = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData;
  if (!video || !button || saveData || matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  const play = () => video.play().catch(() => undefined);
  // The module runs before the load event: the poster paints first, then the video loads.
  addEventListener('load', () =>
    setTimeout(() => {
      video.src = matchMedia('(orientation: landscape)').matches ? video.dataset.landscape! : video.dataset.portrait!;
      video.onplaying = () => video.classList.add('is-playing');
      void play();
      button.hidden = false;
      button.onclick = () => {
        if (video.paused) void play();
        else video.pause();
        button.textContent = video.paused ? button.dataset.play! : button.dataset.pause!;
      };
    }, 300),
  );
}
