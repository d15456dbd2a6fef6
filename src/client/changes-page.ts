/**
 * The "what changes" page opens at the option asked: `#<option>` is the browser's own; `?option=<option>` (as a link
 * may carry it next to a shared setup's options) brings that option's section into view the same way.
 */
export function openAtOption(): void {
  const id = new URLSearchParams(location.search).get('option');
  if (!id || location.hash) return;
  const section = document.getElementById(id);
  if (section?.classList.contains('change-option')) section.scrollIntoView();
}
